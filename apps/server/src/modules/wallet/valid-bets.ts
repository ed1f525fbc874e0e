import type { Queryable } from '../../platform/db/db.ts';
import { LIVE_CRASH_STATUSES_SQL, STAKE_MOVEMENT_SQL } from './bonus-wagering.ts';

/**
 * Fills the transaction's temporary table `valid_bets (user_id, bets_paise)` with every player's valid
 * bets in `[from, to)`: the stakes that really left their cash in that time and did not come back —
 * bet and fee debits minus refund credits, counted exactly as the wagering requirement counts them
 * (`STAKE_MOVEMENT_SQL`), minus the stakes of crash bets placed then that are still queued or flying
 * (they can still be cancelled or refunded). A player's total is never below zero; players with
 * nothing are left out. Set-based: one statement whatever the number of players, read through the
 * partial index on stake transfers by time (migration 0013). Returns how many players it holds.
 */
export async function fillValidBets(tx: Queryable, from: Date, to: Date): Promise<number> {
  await tx.query(
    `create temporary table if not exists valid_bets (
       user_id integer primary key, bets_paise bigint not null
     ) on commit drop`,
  );
  await tx.query('truncate valid_bets');
  const [filled] = await tx.query<{ n: number }>(
    `with moved as (
       select c.user_id, sum(${STAKE_MOVEMENT_SQL})::bigint as moved_paise
       from ledger_transfers t
       join ledger_entries e on e.transfer_id = t.id
       join ledger_accounts c on c.id = e.account_id and c.kind = 'cash'
       where t.reason in ('bet', 'fee', 'refund') and t.created_at >= $1 and t.created_at < $2
       group by c.user_id
     ), live as (
       select user_id, sum(stake_paise)::bigint as live_paise
       from crash_bets
       where status in ${LIVE_CRASH_STATUSES_SQL} and created_at >= $1 and created_at < $2
       group by user_id
     ), kept as (
       insert into valid_bets (user_id, bets_paise)
       select m.user_id, m.moved_paise - coalesce(l.live_paise, 0)
       from moved m left join live l on l.user_id = m.user_id
       where m.moved_paise - coalesce(l.live_paise, 0) > 0
       returning 1
     )
     select count(*)::integer as n from kept`,
    [from, to],
  );
  return filled?.n ?? 0;
}
