import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionToken } from '../../../shared/api/session.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { crashApi, crashKeys, formatMultiplier, isolatedMultiplier, type CrashBet } from './crash-api.ts';
import { RoundVerify } from './round-verify.tsx';
import type { LiveRound } from './live-bets.ts';
import styles from './crash.module.css';

export const MY_BETS_PAGE_SIZE = 20;
const HISTORY_PAGE_SIZE = 20;

/** The player's recent bets in this room: the bet panels and the "My bets" tab read the same page. */
export function useMyBets(room: CrashRoomId) {
  const token = useSessionToken();
  return useQuery({
    queryKey: crashKeys.myBets(token, room),
    queryFn: ({ signal }) => crashApi.myBets(room, 1, MY_BETS_PAGE_SIZE, signal),
    enabled: token !== null,
  });
}

/** A colour class for a crash point: small, medium, large. */
export function sizeClass(x100: number): string {
  if (x100 >= 1_000) return styles.pointLarge ?? '';
  if (x100 >= 200) return styles.pointMedium ?? '';
  return styles.pointSmall ?? '';
}

export function RecentPoints({ points }: { points: readonly number[] }) {
  const { t } = useTranslation('crash');
  return (
    <ul className={styles.recentStrip} aria-label={t('crash.recent')} data-testid="recent-points">
      {points.slice(0, 20).map((point, index) => (
        <li key={`${index}-${point}`} className={`${styles.point} ${sizeClass(point)}`}>
          <span className="ltr-text" dir="ltr">
            {formatMultiplier(point)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every real player's bet in this round with the totals: masked player, stake, cash-out and win. */
export function AllBets({ live }: { live: LiveRound }) {
  const { t } = useTranslation('crash');
  return (
    <div className={styles.liveBets}>
      <dl className={styles.totals} data-testid="live-totals">
        <div>
          <dt>{t('crash.players')}</dt>
          <dd className="ltr-text" data-testid="live-players">
            {live.players}
          </dd>
        </div>
        <div>
          <dt>{t('crash.totalStake')}</dt>
          <dd>
            <Money value={live.totalStake} testId="live-total-stake" />
          </dd>
        </div>
      </dl>
      {live.bets.length === 0 ? (
        <p className={styles.empty}>{t('crash.noLiveBets')}</p>
      ) : (
        <BetTable rows={live.bets} testId="live-bets" />
      )}
    </div>
  );
}

type BetTableRow = { betId: string; player: string; amount: string; multiplierX100: number | null; winAmount: string | null };

function BetTable({ rows, testId }: { rows: readonly BetTableRow[]; testId: string }) {
  const { t } = useTranslation('crash');
  return (
    <table className={styles.table} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('crash.player')}</th>
          <th scope="col">{t('crash.stake')}</th>
          <th scope="col">{t('crash.multiplier')}</th>
          <th scope="col">{t('crash.win')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((bet) => (
          <tr key={bet.betId} className={bet.winAmount ? styles.rowWon : undefined} data-testid="bet-row" data-bet-id={bet.betId}>
            <td className="ltr-text">{bet.player}</td>
            <td>{bet.amount ? <Money value={bet.amount} /> : '—'}</td>
            <td className="ltr-text" dir="ltr">
              {bet.multiplierX100 ? formatMultiplier(bet.multiplierX100) : '—'}
            </td>
            <td>{bet.winAmount ? <Money value={bet.winAmount} /> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The room's biggest real cash-outs of the last 24 hours; fetched when the tab opens. */
export function TopWins({ room }: { room: CrashRoomId }) {
  const { t } = useTranslation('crash');
  const query = useQuery({
    queryKey: crashKeys.topWins(room),
    queryFn: ({ signal }) => crashApi.topWins(room, signal),
    staleTime: 30_000,
  });
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <p className={styles.empty}>…</p>;
  if (query.data.list.length === 0) return <p className={styles.empty}>{t('crash.noTopWins')}</p>;
  return (
    <div className={styles.liveBets}>
      <p className={styles.tableCaption}>{t('crash.topCaption')}</p>
      <BetTable rows={query.data.list} testId="top-wins" />
    </div>
  );
}

export function MyBets({ query }: { query: ReturnType<typeof useMyBets> }) {
  const { t } = useTranslation('crash');
  const token = useSessionToken();
  const location = useLocation();
  if (!token) {
    return (
      <p className={styles.empty}>
        <Link to="/login" state={{ from: location.pathname }}>
          {t('crash.logInForBets')}
        </Link>
      </p>
    );
  }
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <p className={styles.empty}>…</p>;
  if (query.data.list.length === 0) return <p className={styles.empty}>{t('crash.noBets')}</p>;
  return (
    <ul className={styles.betList} data-testid="my-bets">
      {query.data.list.map((bet) => (
        <MyBetRow key={bet.id} bet={bet} />
      ))}
    </ul>
  );
}

function MyBetRow({ bet }: { bet: CrashBet }) {
  const { t } = useTranslation('crash');
  return (
    <li className={styles.betRow} data-testid="my-bet-row" data-bet-id={bet.id} data-status={bet.status}>
      <span className={styles.betRowHead}>
        <span className="ltr-text">{bet.roundId ?? '—'}</span>
        <span className={styles.statusBadge}>{t(`crash.status.${bet.status}`)}</span>
      </span>
      <span>
        {t('crash.stake')}: <Money value={bet.amount} />
      </span>
      <span>
        {t('crash.multiplier')}:{' '}
        <span className="ltr-text" dir="ltr">
          {bet.cashoutX100 ? formatMultiplier(bet.cashoutX100) : '—'}
        </span>
      </span>
      <span>
        {t('crash.win')}: <Money value={bet.winAmount} testId="my-bet-win" />
      </span>
      {bet.crashPointX100 ? <span>{t('crash.crashedAt', { multiplier: isolatedMultiplier(bet.crashPointX100) })}</span> : null}
    </li>
  );
}

/** Finished rounds with their crash point, chain index and revealed seed: the fairness proof. */
export function RoundHistory({ room }: { room: CrashRoomId }) {
  const { t } = useTranslation('crash');
  const query = useQuery({
    queryKey: crashKeys.history(room),
    queryFn: ({ signal }) => crashApi.history(room, 1, HISTORY_PAGE_SIZE, signal),
  });
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (!query.data) return <p className={styles.empty}>…</p>;
  if (query.data.list.length === 0) return <p className={styles.empty}>{t('crash.noRounds')}</p>;
  return (
    <ul className={styles.betList} data-testid="round-history">
      {query.data.list.map((round) => (
        <li key={round.roundId} className={styles.betRow} data-testid="round-row" data-round-id={round.roundId}>
          <span className={styles.betRowHead}>
            <span className="ltr-text">{round.roundId}</span>
            <span className={`${styles.point} ${sizeClass(round.crashPointX100)}`}>
              <span className="ltr-text" dir="ltr">
                {formatMultiplier(round.crashPointX100)}
              </span>
            </span>
          </span>
          <span>
            {t('crash.chainIndex')}: <span className="ltr-text">{round.chainIndex}</span>
          </span>
          <span className={styles.seed}>
            {t('crash.seed')}: <code>{round.seed}</code>
          </span>
          {round.wasInterrupted ? <span className={styles.lost}>{t('crash.interrupted')}</span> : null}
          <RoundVerify room={room} roundId={round.roundId} publishedX100={round.crashPointX100} />
        </li>
      ))}
    </ul>
  );
}
