import type { Queryable } from '../../platform/db/db.ts';

export type DepositUsage = { day: bigint; week: bigint; month: bigint };

/**
 * What a player's deposit limits count since each start (decision 0022): every recharge order opened
 * since then that is completed or may still be paid (pending and not expired). Counting open orders
 * means orders can never be paid past a limit; a failed or expired order frees its amount.
 */
export async function findDepositUsage(
  db: Queryable,
  userId: number,
  starts: { day: Date; week: Date; month: Date },
  now: Date,
): Promise<DepositUsage> {
  const earliest = new Date(Math.min(starts.day.getTime(), starts.week.getTime(), starts.month.getTime()));
  const [row] = await db.query<DepositUsage>(
    `select coalesce(sum(amount_paise) filter (where created_at >= $3), 0)::bigint as day,
            coalesce(sum(amount_paise) filter (where created_at >= $4), 0)::bigint as week,
            coalesce(sum(amount_paise) filter (where created_at >= $5), 0)::bigint as month
     from deposit_orders
     where user_id = $1 and created_at >= $2
       and (status = 'completed' or (status = 'pending' and (expires_at is null or expires_at > $6)))`,
    [userId, earliest, starts.day, starts.week, starts.month, now],
  );
  return row ?? { day: 0n, week: 0n, month: 0n };
}

export type PeriodRange = { from: Date; to: Date };

/**
 * The player's credited recharges (completed orders) opened in each of three ranges: what a late
 * credit of an order is checked against, in the periods that order was opened in. Orders still
 * waiting are left out: each is checked on its own when its payment arrives.
 */
export async function findCreditedDeposits(
  db: Queryable,
  userId: number,
  ranges: { day: PeriodRange; week: PeriodRange; month: PeriodRange },
): Promise<DepositUsage> {
  const earliest = new Date(Math.min(ranges.day.from.getTime(), ranges.week.from.getTime(), ranges.month.from.getTime()));
  const [row] = await db.query<DepositUsage>(
    `select coalesce(sum(amount_paise) filter (where created_at >= $3 and created_at < $4), 0)::bigint as day,
            coalesce(sum(amount_paise) filter (where created_at >= $5 and created_at < $6), 0)::bigint as week,
            coalesce(sum(amount_paise) filter (where created_at >= $7 and created_at < $8), 0)::bigint as month
     from deposit_orders
     where user_id = $1 and created_at >= $2 and status = 'completed'`,
    [userId, earliest, ranges.day.from, ranges.day.to, ranges.week.from, ranges.week.to, ranges.month.from, ranges.month.to],
  );
  return row ?? { day: 0n, week: 0n, month: 0n };
}
