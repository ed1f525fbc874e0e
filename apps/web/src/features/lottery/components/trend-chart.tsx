import { wingoColours } from '@mayur/contracts/lottery-rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { ListLoading } from './game-record.tsx';
import type { LotteryRoomApi } from './room-api.ts';
import { lotteryKeys } from './use-lottery-round.ts';
import styles from './lottery.module.css';

const TREND_PERIODS = 20;
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** A grid of 0–9 per period (newest first) with the drawn number highlighted, and how often each came. */
export function TrendChart({ room }: { room: LotteryRoomApi }) {
  const { t } = useTranslation('lottery');
  const query = useQuery({
    queryKey: [...lotteryKeys.gameLog(room.roomId), 'trend'],
    queryFn: ({ signal }) => room.gameLog(1, TREND_PERIODS, signal),
  });
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListLoading />;
  const rows = query.data.list.filter((entry) => entry.result.number !== null);
  if (rows.length === 0) return <p className={styles.empty}>{t('lottery.noRecords')}</p>;
  const counts = DIGITS.map((digit) => rows.filter((entry) => entry.result.number === digit).length);
  return (
    <div className={styles.trend} data-testid="trend-chart">
      <table className={styles.trendTable}>
        <caption className={styles.trendCaption}>{t('lottery.trendCaption', { count: rows.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lottery.period')}</th>
            {DIGITS.map((digit) => (
              <th key={digit} scope="col">
                {digit}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => (
            <tr key={entry.period}>
              <th scope="row" className="ltr-text">
                {entry.period.slice(-4)}
              </th>
              {DIGITS.map((digit) => {
                const isDrawn = entry.result.number === digit;
                return (
                  <td key={digit} aria-label={isDrawn ? t('lottery.drawn', { number: digit }) : undefined}>
                    {isDrawn ? (
                      <span className={`${styles.trendHit} ${styles[`ball_${wingoColours(digit)[0]}`]}`}>{digit}</span>
                    ) : (
                      <span className={styles.trendMiss} aria-hidden="true">
                        ·
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('lottery.frequency')}</th>
            {counts.map((count, digit) => (
              <td key={digit}>{count}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
