import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ColourDots, DigitsResult, NumberBall } from './result-view.tsx';
import { fairnessHref, type LotteryRoomApi } from './room-api.ts';
import { lotteryKeys } from './use-lottery-round.ts';
import styles from './lottery.module.css';

export const RECORD_PAGE_SIZE = 10;

/** Resolved periods of the room, newest first, ten to a page; each links to its verification. */
export function GameRecord({ room }: { room: LotteryRoomApi }) {
  const { t } = useTranslation('lottery');
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: [...lotteryKeys.gameLog(room.roomId), pageNum],
    queryFn: ({ signal }) => room.gameLog(pageNum, RECORD_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListLoading />;
  const { list, total } = query.data;
  if (list.length === 0) return <p className={styles.empty}>{t('lottery.noRecords')}</p>;
  const pageCount = Math.max(1, Math.ceil(total / RECORD_PAGE_SIZE));
  return (
    <div>
      <table className={styles.table} data-testid="game-record">
        <thead>
          <tr>
            <th scope="col">{t('lottery.period')}</th>
            <th scope="col">{room.game === 'bitgame' ? t('lottery.bitgame.digits') : t('lottery.number')}</th>
            {room.game === 'wingo' && <th scope="col">{t('lottery.colour')}</th>}
            <th scope="col">{t('lottery.verify')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((entry) => (
            <tr key={entry.period} data-testid="game-record-row" data-period={entry.period}>
              <td className="ltr-text">{entry.period}</td>
              <td>
                {entry.result.number !== null ? (
                  <NumberBall number={entry.result.number} size="sm" />
                ) : (
                  <DigitsResult result={entry.result} />
                )}
              </td>
              {room.game === 'wingo' && (
                <td>
                  <ColourDots colours={entry.result.colours} />
                </td>
              )}
              <td>
                <Link
                  className={styles.verifyLink}
                  to={fairnessHref(room.game, room.roomId, entry.period)}
                  aria-label={t('lottery.verifyPeriod', { period: entry.period })}
                >
                  {t('lottery.verify')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager pageNum={pageNum} pageCount={pageCount} onPageChange={setPageNum} isFetching={query.isFetching} />
    </div>
  );
}

export function Pager({
  pageNum,
  pageCount,
  onPageChange,
  isFetching,
}: {
  pageNum: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  isFetching: boolean;
}) {
  const { t } = useTranslation('lottery');
  return (
    <nav className={styles.pager} aria-label={t('lottery.pages')}>
      <button type="button" className={styles.pagerButton} disabled={pageNum <= 1} onClick={() => onPageChange(pageNum - 1)}>
        {t('lottery.previousPage')}
      </button>
      <span aria-live="polite" className="ltr-text">
        {isFetching ? <Spinner size={16} /> : `${pageNum} / ${pageCount}`}
      </span>
      <button
        type="button"
        className={styles.pagerButton}
        disabled={pageNum >= pageCount}
        onClick={() => onPageChange(pageNum + 1)}
      >
        {t('lottery.nextPage')}
      </button>
    </nav>
  );
}

export function ListLoading() {
  const { t } = useTranslation('lottery');
  return (
    <div className={styles.listLoading}>
      <Spinner size={28} label={t('common.loading')} />
    </div>
  );
}
