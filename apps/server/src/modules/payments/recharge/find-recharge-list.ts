import { type TRechargeHeldReason, type TRechargeRecord, type TRechargeStatus } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../../platform/db/db.ts';
import { formatUsdtMicro } from '../order-numbers.ts';

const STATUS_LABELS: Record<string, TRechargeStatus> = { pending: 'WAIT', completed: 'COMPLETED', failed: 'FAIL' };

/** A held order (paid, not credited: decision 0022) is HELD until the operator returns it, then RETURNED. */
function statusOf(row: Pick<Row, 'status' | 'held_reason' | 'returned_at'>): TRechargeStatus {
  if (row.held_reason) return row.returned_at ? 'RETURNED' : 'HELD';
  return STATUS_LABELS[row.status]!;
}

type Row = {
  order_no: string;
  method: 'upi' | 'bank' | 'usdt';
  amount_paise: bigint;
  usdt_micro: bigint | null;
  status: string;
  held_reason: TRechargeHeldReason | null;
  returned_at: Date | null;
  transfer_submitted_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
  total: number;
};

/** The player's own recharge orders, newest first. */
export async function findRechargeList(db: Queryable, userId: number, paging: { pageNum: number; pageSize: number }) {
  const rows = await db.query<Row>(
    `select order_no, method, amount_paise, usdt_micro, status, held_reason, returned_at, transfer_submitted_at, created_at,
            completed_at,
            count(*) over ()::int as total
     from deposit_orders where user_id = $1 order by id desc limit $2 offset $3`,
    [userId, paging.pageSize, (paging.pageNum - 1) * paging.pageSize],
  );
  const total = rows[0]?.total ?? (await countOrders(db, userId));
  return {
    list: rows.map((row): TRechargeRecord => ({
      orderNo: row.order_no,
      method: row.method,
      amount: formatMoney(row.amount_paise),
      usdtAmount: row.usdt_micro === null ? null : formatUsdtMicro(row.usdt_micro),
      status: statusOf(row),
      heldReason: row.held_reason,
      isTransferSubmitted: row.transfer_submitted_at !== null,
      createTime: row.created_at.toISOString(),
      completeTime: row.completed_at?.toISOString() ?? null,
    })),
    total,
    pageNum: paging.pageNum,
    pageSize: paging.pageSize,
  };
}

async function countOrders(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ total: number }>('select count(*)::int as total from deposit_orders where user_id = $1', [
    userId,
  ]);
  return row!.total;
}
