import type { Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';

/** "Transfer Finish": the player says the USDT was sent; the order waits for the watcher or an operator. */
export async function usdtTransferFinish(db: Queryable, userId: number, orderNo: string) {
  const [row] = await db.query<{ status: string }>(
    `update deposit_orders set transfer_submitted_at = coalesce(transfer_submitted_at, now())
     where order_no = $1 and user_id = $2 and method = 'usdt'
     returning status`,
    [orderNo, userId],
  );
  if (!row) throw new AppError('ORDER_NOT_FOUND', `no USDT order ${orderNo} of player ${userId}`, { field: 'orderNo' });
  if (row.status !== 'pending') throw new AppError('ORDER_CLOSED', `order ${orderNo} is ${row.status}`);
  return { orderNo, status: 'WAIT' as const };
}
