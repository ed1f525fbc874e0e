import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';

// Steps every recharge order shares, whichever way it is paid (bank/UPI through the gateway, USDT).

const ORDERS_PER_PLAYER = 20;
const ORDERS_WINDOW_MS = 10 * 60_000;

export async function assertOrderRate(ctx: AppContext, userId: number): Promise<void> {
  const attempt = await ctx.limiter.hit(`deposit-orders:${userId}`, ORDERS_PER_PLAYER, ORDERS_WINDOW_MS);
  if (!attempt.isAllowed) throw new AppError('RATE_LIMITED', `player ${userId} opened ${attempt.count} orders`);
}

/** Looks up the order a retried request (same requestKey) already opened. */
export async function findOrderByRequestKey<T extends object>(ctx: AppContext, userId: number, requestKey: string | undefined) {
  if (!requestKey) return null;
  const [row] = await ctx.db.query<T & { order_no: string }>(
    'select * from deposit_orders where user_id = $1 and request_key = $2',
    [userId, requestKey],
  );
  return row ?? null;
}
