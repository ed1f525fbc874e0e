import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionToken } from '../../../shared/api/session.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { ListLoading, Pager, RECORD_PAGE_SIZE } from './game-record.tsx';
import { ResultView } from './result-view.tsx';
import type { LotteryRoomApi } from './room-api.ts';
import { lotteryKeys } from './use-lottery-round.ts';
import styles from './lottery.module.css';

/** The name of a selection: a colour, a number, big or small. */
export function useSelectionLabel(): (select: string) => string {
  const { t } = useTranslation('lottery');
  return (select) => {
    if (select === 'green' || select === 'red' || select === 'violet') return t(`lottery.colours.${select}`);
    if (select === 'big' || select === 'small') return t(`lottery.bitgame.${select}`);
    return select;
  };
}

/** The signed-in player's bets in this room, newest first; refreshed whenever a result arrives. */
export function MyRecord({ room }: { room: LotteryRoomApi }) {
  const { t } = useTranslation('lottery');
  const token = useSessionToken();
  const location = useLocation();
  const selectionLabel = useSelectionLabel();
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: [...lotteryKeys.userLog(token, room.roomId), pageNum],
    queryFn: ({ signal }) => room.userLog(pageNum, RECORD_PAGE_SIZE, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  if (!token) {
    return (
      <p className={styles.empty}>
        <Link className={styles.inlineLink} to="/login" state={{ from: `${location.pathname}${location.search}` }}>
          {t('lottery.logInForRecord')}
        </Link>
      </p>
    );
  }
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <ListLoading />;
  const { list, total } = query.data;
  if (list.length === 0) return <p className={styles.empty}>{t('lottery.noBets')}</p>;
  return (
    <div>
      <ul className={styles.betList} data-testid="my-record">
        {list.map((bet) => (
          <li
            key={bet.id}
            className={styles.betCard}
            data-testid="my-bet-row"
            data-period={bet.period}
            data-status={bet.status}
            data-select={bet.select}
          >
            <div className={styles.betCardHead}>
              <span className="ltr-text">{bet.period}</span>
              <span className={`${styles.status} ${styles[`status_${bet.status}`]}`} data-testid="bet-status">
                {t(`lottery.status.${bet.status}`)}
              </span>
            </div>
            <dl className={styles.betFacts}>
              <div>
                <dt>{t('lottery.select')}</dt>
                <dd>{selectionLabel(bet.select)}</dd>
              </div>
              <div>
                <dt>{t('lottery.stake')}</dt>
                <dd>
                  <Money value={bet.amount} testId="bet-stake" />
                </dd>
              </div>
              <div>
                <dt>{t('lottery.delivery')}</dt>
                <dd>
                  <Money value={bet.delivery} testId="bet-delivery" />
                </dd>
              </div>
              <div>
                <dt>{t('lottery.fee')}</dt>
                <dd>
                  <Money value={bet.fee} testId="bet-fee" />
                </dd>
              </div>
              <div>
                <dt>{t('lottery.result')}</dt>
                <dd data-testid="bet-result" data-number={bet.result?.number ?? ''}>
                  {bet.result ? <ResultView result={bet.result} size="sm" /> : '—'}
                </dd>
              </div>
              <div>
                <dt>{t('lottery.winAmount')}</dt>
                <dd>
                  <Money value={bet.winAmount} testId="bet-win-amount" />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <Pager
        pageNum={pageNum}
        pageCount={Math.max(1, Math.ceil(total / RECORD_PAGE_SIZE))}
        onPageChange={setPageNum}
        isFetching={query.isFetching}
      />
    </div>
  );
}
