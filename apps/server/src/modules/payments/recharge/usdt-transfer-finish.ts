import type { Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';

/** "Transfer Finish": the player says the USDT was sent; the order waits for the watcher or an operator. */
export async function usdtTransferFinish(db: Queryable, userId: number, orderNo: string) {
  // Only an open order is marked: a closed one keeps the record it has.
  const marked = await db.query(
    `update deposit_orders set transfer_submitted_at = coalesce(transfer_submitted_at, now())
     where order_no = $1 and user_id = $2 and method = 'usdt' and status = 'pending'
     returning id`,
    [orderNo, userId],
  );
  if (marked.length === 1) return { orderNo, status: 'WAIT' as const };
  const [order] = await db.query<{ status: string }>(
    "select status from deposit_orders where order_no = $1 and user_id = $2 and method = 'usdt'",
    [orderNo, userId],
  );
  if (!order) throw new AppError('ORDER_NOT_FOUND', `no USDT order ${orderNo} of player ${userId}`, { field: 'orderNo' });
  throw new AppError('ORDER_CLOSED', `order ${orderNo} is ${order.status}`);
}
