import type { Queryable } from '../../platform/db/db.ts';
import type { TransferReason } from './transfer-reasons.ts';

// What other modules may know of a player's income without reading the ledger's tables themselves.

/**
 * The total of the player's completed deposits: `deposit` transfers into their cash, and nothing else
 * (gifts, bonuses, operator adjustments and winnings are not money they paid in). Read in the caller's
 * transaction, so a deposit just posted in it counts.
 */
export async function findDepositTotalPaise(db: Queryable, userId: number): Promise<bigint> {
  const rows = await db.query<{ total_paise: bigint }>(
    `select coalesce(sum(e.amount_paise), 0)::bigint as total_paise
     from ledger_accounts c
     join ledger_entries e on e.account_id = c.id
     join ledger_transfers t on t.id = e.transfer_id
     where c.user_id = $1 and c.kind = 'cash' and t.reason = 'deposit' and e.amount_paise > 0`,
    [userId],
  );
  return rows[0]?.total_paise ?? 0n;
}

export type CreditTotals = { totalPaise: bigint; yesterdayPaise: bigint; todayPaise: bigint };

/**
 * What the player has been credited for one reason (e.g. `commission`): in all, in the day that began
 * at `yesterdayStart`, and since `todayStart` (the caller chooses the days' time zone).
 */
export async function findCreditTotals(
  db: Queryable,
  userId: number,
  reason: TransferReason,
  yesterdayStart: Date,
  todayStart: Date,
): Promise<CreditTotals> {
  const rows = await db.query<{ total_paise: bigint; yesterday_paise: bigint; today_paise: bigint }>(
    `select coalesce(sum(e.amount_paise), 0)::bigint as total_paise,
            coalesce(sum(e.amount_paise) filter (where t.created_at >= $3 and t.created_at < $4), 0)::bigint as yesterday_paise,
            coalesce(sum(e.amount_paise) filter (where t.created_at >= $4), 0)::bigint as today_paise
     from ledger_accounts a
     join ledger_entries e on e.account_id = a.id
     join ledger_transfers t on t.id = e.transfer_id
     where a.user_id = $1 and t.reason = $2 and e.amount_paise > 0`,
    [userId, reason, yesterdayStart, todayStart],
  );
  const row = rows[0];
  return {
    totalPaise: row?.total_paise ?? 0n,
    yesterdayPaise: row?.yesterday_paise ?? 0n,
    todayPaise: row?.today_paise ?? 0n,
  };
}
