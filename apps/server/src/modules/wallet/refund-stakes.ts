import type { Queryable } from '../../platform/db/db.ts';

// A refund gives a stake back, so it belongs to the day of that stake, not to the day it is posted: a
// crash bet queued just before midnight and cancelled just after it was never at risk on either day.
// The daily commission's valid bets (valid-bets.ts) and the loss limits (activity-statement.ts) both
// date a refund by its stake this way.

/** How far before an instant a scan of transfers by id begins, for transactions still open then. */
const TRANSACTION_SLACK_MS = 60_000;

/**
 * The smallest transfer id that can belong to `since` or later. Ids and `created_at` (the time a
 * transaction began) agree except within a transaction's length, so the first stake at or after a
 * minute earlier is a safe lower bound; it lets a player's entries be read through their account's
 * index from there instead of from their first bet ever. Null when nothing was staked since.
 */
export async function firstStakeTransferIdSince(db: Queryable, since: Date): Promise<bigint | null> {
  const [row] = await db.query<{ id: bigint }>(
    `select id from ledger_transfers where reason in ('bet', 'fee', 'refund') and created_at >= $1
     order by created_at limit 1`,
    [new Date(since.getTime() - TRANSACTION_SLACK_MS)],
  );
  return row?.id ?? null;
}

/**
 * SQL for when the stake that a refund gives back was taken: the latest `bet` or `fee` debit of the
 * same cash account with the same reference, posted before the refund (a crash bet's stake and its
 * cancel both name `crash-bet:<id>`; a studio's round names its debits and its rollbacks). `refund`
 * is a row with the refund's cash entry as `account_id`, `transfer_id` and the transfer's `reference`;
 * the account's entries are read backwards from the refund down to transfer id `fromIdSql`, so a
 * cancel finds its stake in a few rows. Null when there is none from there on: the stake is older, or
 * the refund names nothing staked.
 */
export function stakeTimeOfRefundSql(refund: string, fromIdSql: string): string {
  return `(select s.created_at
     from ledger_entries se
     join ledger_transfers s on s.id = se.transfer_id
     where se.account_id = ${refund}.account_id and se.transfer_id < ${refund}.transfer_id
       and se.transfer_id >= ${fromIdSql} and se.amount_paise < 0
       and s.reason in ('bet', 'fee') and s.reference = ${refund}.reference
     order by se.transfer_id desc
     limit 1)`;
}
