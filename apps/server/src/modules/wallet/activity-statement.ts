import type { Queryable } from '../../platform/db/db.ts';
import { firstStakeTransferIdSince, stakeTimeOfRefundSql } from './refund-stakes.ts';

// What player protection (decision 0022) may know of a player's money in and out, without reading the
// ledger's tables itself. A stake is a `bet` or `fee` debited from the player's cash less a `refund`
// credited back (a cancelled or void crash bet); a win is a `payout` credited to the cash; a deposit a
// `deposit` credit; a withdrawal a `withdrawal_hold` debit less a `withdrawal_rejected` credit back.

export type NetLossStarts = { day: Date; week: Date; month: Date };
export type NetLosses = { day: bigint; week: bigint; month: bigint };

/**
 * Each player's stakes less wins since each of three instants (the starts of their current day, week
 * and month), in one statement for all the players; negative when they are up. Players who moved
 * nothing are absent. Entries are counted from the instant on with no upper bound. A refund is dated
 * by the stake it gives back (refund-stakes.ts), like the commission's valid bets: a bet staked before
 * a period began and cancelled after it lowers neither the period's losses nor what it may still lose.
 */
export async function findNetLossesSince(
  db: Queryable,
  userIds: readonly number[],
  starts: NetLossStarts,
): Promise<Map<number, NetLosses>> {
  if (userIds.length === 0) return new Map();
  const earliest = new Date(Math.min(starts.day.getTime(), starts.week.getTime(), starts.month.getTime()));
  const fromId = await firstStakeTransferIdSince(db, earliest);
  if (fromId === null) return new Map();
  const rows = await db.query<{ user_id: number; day: bigint; week: bigint; month: bigint }>(
    `with entries as (
       select a.user_id, e.account_id, e.transfer_id, e.created_at, t.reason, t.reference,
              -e.amount_paise as loss_paise
       from ledger_accounts a
       join ledger_entries e on e.account_id = a.id and e.transfer_id >= $2 and e.created_at >= $3
       join ledger_transfers t on t.id = e.transfer_id and t.reason in ('bet', 'fee', 'refund', 'payout')
       where a.kind = 'cash' and a.user_id = any($1::integer[])
     ), movements as (
       -- A refund of a stake older than the scan counts in no period: its stake did not either.
       select user_id, loss_paise,
              case when reason = 'refund' and reference is not null
                   then coalesce(${stakeTimeOfRefundSql('m', '$2::bigint')}, '-infinity'::timestamptz)
                   else created_at end as created_at
       from entries m
     )
     select user_id,
            coalesce(sum(loss_paise) filter (where created_at >= $4), 0)::bigint as day,
            coalesce(sum(loss_paise) filter (where created_at >= $5), 0)::bigint as week,
            coalesce(sum(loss_paise) filter (where created_at >= $6), 0)::bigint as month
     from movements group by user_id`,
    [userIds, fromId.toString(), earliest, starts.day, starts.week, starts.month],
  );
  return new Map(rows.map((row) => [row.user_id, { day: row.day, week: row.week, month: row.month }]));
}

export type GameResult = { betsPaise: bigint; winsPaise: bigint };

/** A player's stakes (less refunds) and wins since an instant: the reality check's session result. */
export async function findGameResultSince(db: Queryable, userId: number, since: Date): Promise<GameResult> {
  const fromId = await firstStakeTransferIdSince(db, since);
  if (fromId === null) return { betsPaise: 0n, winsPaise: 0n };
  const [row] = await db.query<{ bets: bigint; wins: bigint }>(
    `select coalesce(sum(-e.amount_paise) filter (where t.reason in ('bet', 'fee', 'refund')), 0)::bigint as bets,
            coalesce(sum(e.amount_paise) filter (where t.reason = 'payout'), 0)::bigint as wins
     from ledger_accounts a
     join ledger_entries e on e.account_id = a.id and e.transfer_id >= $2 and e.created_at >= $3
     join ledger_transfers t on t.id = e.transfer_id and t.reason in ('bet', 'fee', 'refund', 'payout')
     where a.kind = 'cash' and a.user_id = $1`,
    [userId, fromId.toString(), since],
  );
  return { betsPaise: row?.bets ?? 0n, winsPaise: row?.wins ?? 0n };
}

export type MonthActivity = {
  /** `YYYY-MM`, a calendar month in Asia/Kolkata time. */
  month: string;
  depositsPaise: bigint;
  withdrawalsPaise: bigint;
  betsPaise: bigint;
  winsPaise: bigint;
};

/**
 * A player's deposits, withdrawals, stakes and wins per Kolkata calendar month since `since` (a
 * month's start), in one statement; months without movement are absent. A withdrawal counts in the
 * month it was asked for, less what came back when it was rejected or failed.
 */
export async function findMonthlyActivity(db: Queryable, userId: number, since: Date): Promise<MonthActivity[]> {
  const rows = await db.query<{ month: string; deposits: bigint; withdrawals: bigint; bets: bigint; wins: bigint }>(
    `with cash as (
       select id from ledger_accounts where kind = 'cash' and user_id = $1
     ), movements as (
       select t.reason, e.amount_paise, e.created_at
       from cash join ledger_entries e on e.account_id = cash.id and e.created_at >= $2
       join ledger_transfers t on t.id = e.transfer_id
       where t.reason in ('deposit', 'bet', 'fee', 'refund', 'payout', 'withdrawal_hold', 'withdrawal_rejected')
     )
     select to_char((created_at at time zone 'UTC') + interval '330 minutes', 'YYYY-MM') as month,
            coalesce(sum(amount_paise) filter (where reason = 'deposit'), 0)::bigint as deposits,
            coalesce(sum(-amount_paise) filter (where reason in ('withdrawal_hold', 'withdrawal_rejected')), 0)::bigint
              as withdrawals,
            coalesce(sum(-amount_paise) filter (where reason in ('bet', 'fee', 'refund')), 0)::bigint as bets,
            coalesce(sum(amount_paise) filter (where reason = 'payout'), 0)::bigint as wins
     from movements group by 1 order by 1 desc`,
    [userId, since],
  );
  return rows.map((row) => ({
    month: row.month,
    depositsPaise: row.deposits,
    withdrawalsPaise: row.withdrawals,
    betsPaise: row.bets,
    winsPaise: row.wins,
  }));
}
