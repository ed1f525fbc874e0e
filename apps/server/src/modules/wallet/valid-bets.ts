import type { Queryable } from '../../platform/db/db.ts';
import { STAKE_MOVEMENT_SQL } from './bonus-wagering.ts';
import { firstStakeTransferIdSince, stakeTimeOfRefundSql } from './refund-stakes.ts';

/**
 * How long after a range ends the refunds of its stakes still count in it. The daily commission pays a
 * Kolkata day from 01:00 the next day, so a range's figures are final 5 minutes before they are paid
 * (longer than any transaction lasts: everything posted before then is committed when the day is paid).
 */
export const VALID_BETS_REFUND_GRACE_MS = 55 * 60_000;

/**
 * Fills the transaction's temporary table `valid_bets (user_id, bets_paise)` with every player's valid
 * bets of the range `[from, to)` (a Kolkata day): the stakes that left their cash in the range — bet
 * and fee debits, counted as the wagering requirement counts them (`STAKE_MOVEMENT_SQL`) — less the
 * refunds that gave stakes back, each counted once, against the day of its stake (refund-stakes.ts):
 * - a refund of a stake of the range counts when it is posted within `VALID_BETS_REFUND_GRACE_MS` of
 *   the range's end, so a bet queued before midnight and cancelled after it was never valid;
 * - a refund posted later than that, or of a stake older than the range, comes after the stake's day
 *   was final: it counts in the range during which it was posted, shifted by the same grace
 *   (`[from + grace, to + grace)`), lowering the valid bets that follow it;
 * - a refund that names no stake counts on the day it was posted.
 * A player's figure can therefore be negative (a refund larger than the day's stakes): the commission
 * carries it forward. Players with nothing are left out. Set-based: one statement whatever the number
 * of players; stakes are read through the partial index on stake transfers by time (migration 0013),
 * refunds through their own (migration 0029). Returns how many players it holds.
 */
export async function fillValidBets(tx: Queryable, from: Date, to: Date): Promise<number> {
  await tx.query(
    `create temporary table if not exists valid_bets (
       user_id integer primary key, bets_paise bigint not null
     ) on commit drop`,
  );
  await tx.query('truncate valid_bets');
  const graceEnd = new Date(to.getTime() + VALID_BETS_REFUND_GRACE_MS);
  const lateFrom = new Date(from.getTime() + VALID_BETS_REFUND_GRACE_MS);
  const fromId = (await firstStakeTransferIdSince(tx, from)) ?? 0n;
  const [filled] = await tx.query<{ n: number }>(
    `with staked as (
       select c.user_id, sum(${STAKE_MOVEMENT_SQL})::bigint as moved_paise
       from ledger_transfers t
       join ledger_entries e on e.transfer_id = t.id
       join ledger_accounts c on c.id = e.account_id and c.kind = 'cash'
       where t.reason in ('bet', 'fee') and t.created_at >= $1 and t.created_at < $2
       group by c.user_id
     ), refunds as materialized (
       select c.user_id, e.account_id, e.transfer_id, t.reference, t.created_at, ${STAKE_MOVEMENT_SQL} as moved_paise
       from ledger_transfers t
       join ledger_entries e on e.transfer_id = t.id and e.account_id = t.credit_account_id
       join ledger_accounts c on c.id = e.account_id and c.kind = 'cash'
       where t.reason = 'refund' and t.created_at >= $1 and t.created_at < $3
     ), dated as materialized (
       -- Fenced, so that each refund's stake is looked up once, and only for the player's own entry.
       select r.user_id, r.moved_paise, r.reference, r.created_at, ${stakeTimeOfRefundSql('r', '$5::bigint')} as staked_at
       from refunds r
     ), refunded as (
       select user_id, sum(moved_paise)::bigint as moved_paise
       from dated
       where case
               when reference is null then created_at < $2
               when staked_at >= $1 then staked_at < $2
               else created_at >= $4
             end
       group by user_id
     ), totals as (
       select user_id, sum(moved_paise)::bigint as bets_paise
       from (select * from staked union all select * from refunded) as moved
       group by user_id
     ), kept as (
       insert into valid_bets (user_id, bets_paise)
       select user_id, bets_paise from totals where bets_paise <> 0
       returning 1
     )
     select count(*)::integer as n from kept`,
    [from, to, graceEnd, lateFrom, fromId.toString()],
  );
  return filled?.n ?? 0;
}
