import { wingoColours } from '@mayur/rules/lottery-rules';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { ListLoading } from './game-record.tsx';
import type { LotteryRoomApi } from './room-api.ts';
import { trendStats, WINGO_NUMBERS, type NumberStats } from './trend-stats.ts';
import { lotteryKeys } from './use-lottery-round.ts';
import styles from './lottery.module.css';

const TREND_PERIODS = 30;
/** Chart geometry in SVG units: the period column, then ten number columns, one row per period. */
const LABEL_WIDTH = 44;
const CELL = 28;
const BALL_RADIUS = 10;
const STAT_ROWS: Array<{ key: Exclude<keyof NumberStats, 'number'>; label: string }> = [
  { key: 'missing', label: 'lottery.trend.missing' },
  { key: 'averageMissing', label: 'lottery.trend.averageMissing' },
  { key: 'frequency', label: 'lottery.frequency' },
  { key: 'maxConsecutive', label: 'lottery.trend.maxConsecutive' },
];

/**
 * The trend of the last periods as colour-prediction apps draw it: a 0–9 grid with one row per period
 * (newest on top), the drawn number as a ball in its column and a line joining the balls; above it each
 * number's statistics over the same periods (missing, average missing, count, longest run).
 */
export function TrendChart({ room }: { room: LotteryRoomApi }) {
  const { t } = useTranslation('lottery');
  const gradientId = useId();
  const query = useQuery({
    queryKey: [...lotteryKeys.gameLog(room.roomId), 'trend'],
    queryFn: ({ signal }) => room.gameLog(1, TREND_PERIODS, signal),
  });
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListLoading />;
  const rows = query.data.list.flatMap((entry) =>
    entry.result.number === null ? [] : [{ period: entry.period, number: entry.result.number }],
  );
  if (rows.length === 0) return <p className={styles.empty}>{t('lottery.noRecords')}</p>;
  const stats = trendStats(rows.map((row) => row.number));

  const width = LABEL_WIDTH + CELL * WINGO_NUMBERS.length;
  const height = CELL * rows.length;
  const centreX = (number: number) => LABEL_WIDTH + CELL * number + CELL / 2;
  const centreY = (index: number) => CELL * index + CELL / 2;
  const ballFill = (number: number) => {
    const colours = wingoColours(number);
    return colours.length > 1 ? `url(#${gradientId}-${colours[0]})` : undefined;
  };

  return (
    <div className={styles.trend} data-testid="trend-chart">
      <table className={styles.trendTable} data-testid="trend-stats">
        <caption className={styles.trendCaption}>{t('lottery.trendCaption', { count: rows.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lottery.number')}</th>
            {WINGO_NUMBERS.map((number) => (
              <th key={number} scope="col">
                {number}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {STAT_ROWS.map(({ key, label }) => (
            <tr key={key} data-stat={key}>
              <th scope="row">{t(label)}</th>
              {stats.map((entry) => (
                <td key={entry.number} data-number={entry.number}>
                  {entry[key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <svg
        className={styles.trendSvg}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('lottery.trend.chartLabel', { numbers: rows.map((row) => row.number).join(', ') })}
        data-testid="trend-svg"
      >
        <defs>
          {(['red', 'green'] as const).map((colour) => (
            <linearGradient key={colour} id={`${gradientId}-${colour}`} x1="0" y1="0" x2="1" y2="1">
              <stop offset="50%" style={{ stopColor: `var(--color-win-${colour})` }} />
              <stop offset="50%" style={{ stopColor: 'var(--color-win-violet)' }} />
            </linearGradient>
          ))}
        </defs>
        {rows.map((row, index) => (
          <g key={row.period}>
            <rect
              className={index % 2 === 0 ? styles.trendRowEven : styles.trendRowOdd}
              x={0}
              y={CELL * index}
              width={width}
              height={CELL}
            />
            <text className={styles.trendPeriod} x={LABEL_WIDTH / 2} y={centreY(index)}>
              {row.period.slice(-4)}
            </text>
            {WINGO_NUMBERS.map((number) =>
              number === row.number ? null : (
                <text key={number} className={styles.trendDigit} x={centreX(number)} y={centreY(index)}>
                  {number}
                </text>
              ),
            )}
          </g>
        ))}
        <polyline
          className={styles.trendLine}
          points={rows.map((row, index) => `${centreX(row.number)},${centreY(index)}`).join(' ')}
          data-testid="trend-line"
        />
        {rows.map((row, index) => (
          <g key={row.period} data-testid="trend-ball" data-period={row.period} data-number={row.number}>
            <circle
              className={styles[`trendBall_${wingoColours(row.number)[0]}`]}
              cx={centreX(row.number)}
              cy={centreY(index)}
              r={BALL_RADIUS}
              style={{ fill: ballFill(row.number) }}
            />
            <text className={styles.trendBallText} x={centreX(row.number)} y={centreY(index)}>
              {row.number}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
