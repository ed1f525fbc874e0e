import type { TAgentDay } from '@mayur/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../shared/lib/money.ts';
import { formatDay } from '../components/format-agent.ts';
import { layoutTeamChart } from './chart-scale.ts';
import styles from './report-screen.module.css';

const CHART_WIDTH = 320;
const CHART_HEIGHT = 140;

/**
 * The team's deposits and bets per day as pairs of bars, drawn as inline SVG (no chart library: the
 * screens stay small chunks). Time runs in the reading direction: right to left in Arabic, where the
 * drawing is mirrored. Screen readers get the same figures as a table.
 */
export function TeamChart({
  days,
  totalDeposits,
  totalBets,
}: {
  days: readonly TAgentDay[];
  totalDeposits: string;
  totalBets: string;
}) {
  const { t, i18n } = useTranslation('agent');
  const titleId = useId();
  const descriptionId = useId();
  const chart = layoutTeamChart(days, { width: CHART_WIDTH, height: CHART_HEIGHT });
  const first = days[0];
  const last = days[days.length - 1];
  const seriesLabel = { deposits: t('agent.report.chartDeposits'), bets: t('agent.report.chartBets') };

  return (
    <figure className={styles.chartFigure} data-testid="report-chart">
      <figcaption id={titleId} className={styles.chartTitle}>
        {t('agent.report.chartTitle')}
      </figcaption>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={`${styles.swatch} ${styles.deposits}`} />
          {seriesLabel.deposits}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.bets}`} />
          {seriesLabel.bets}
        </li>
      </ul>
      <div className={styles.plot}>
        <span className={`${styles.axisLabel} ltr-text`} aria-hidden="true">
          {formatRupees(chart.axisMaxPaise)}
        </span>
        <svg
          className={styles.chartSvg}
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${titleId} ${descriptionId}`}
        >
          <desc id={descriptionId}>
            {t('agent.report.chartDescription', {
              deposits: formatRupees(totalDeposits),
              bets: formatRupees(totalBets),
            })}
          </desc>
          {[0, 0.5, 1].map((share) => (
            <line
              key={share}
              className={styles.gridLine}
              x1={0}
              x2={chart.width}
              y1={chart.height * share}
              y2={chart.height * share}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {chart.bars.map((bar) => (
            <rect
              key={`${bar.day}-${bar.series}`}
              className={styles[bar.series]}
              x={bar.x}
              y={chart.height - bar.height}
              width={bar.width}
              height={bar.height}
            >
              <title>{`${formatDay(bar.day, i18n.language)} · ${seriesLabel[bar.series]}: ${formatRupees(bar.valuePaise)}`}</title>
            </rect>
          ))}
        </svg>
        {chart.isFlat && (
          <p className={styles.chartEmpty}>
            <span>{t('agent.report.chartEmpty')}</span>
          </p>
        )}
      </div>
      {first && last && (
        <div className={styles.axisDays} aria-hidden="true">
          <span>{formatDay(first.day, i18n.language, { hasYear: false })}</span>
          {last !== first && <span>{formatDay(last.day, i18n.language, { hasYear: false })}</span>}
        </div>
      )}
      <table className="visually-hidden">
        <caption>{t('agent.report.chartTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agent.report.chartDay')}</th>
            <th scope="col">{seriesLabel.deposits}</th>
            <th scope="col">{seriesLabel.bets}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day, i18n.language)}</th>
              <td>{formatRupees(day.rechargeAmount)}</td>
              <td>{formatRupees(day.teamBetAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
