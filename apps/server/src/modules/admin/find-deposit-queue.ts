import { formatMoney } from '@mayur/rules/money';
import type { TDepositQueueFilter, TDepositQueueItem, TRechargeHeldReason } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { formatUsdtMicro } from '../payments/order-numbers.ts';

// Recharge orders, read-only: the statuses the CLI's deposit:list filters by, oldest first, and the held
// ones still to return (decision 0022, "Late credits"). Each filter is a fixed condition, so that HELD's
// states the predicate of deposit_orders_held_idx and its page can be read from that index (a held order is
// always failed: deposit_orders_held_shape).

const FILTER_CONDITIONS: Record<TDepositQueueFilter, string> = {
  WAIT: `status = 'pending'`,
  COMPLETED: `status = 'completed'`,
  FAIL: `status = 'failed'`,
  HELD: `status = 'failed' and held_reason is not null and returned_at is null`,
  ALL: `status in ('pending', 'completed', 'failed')`,
};

const COLUMNS = `order_no, user_id, method, amount_paise, usdt_micro, deposit_address, status, transfer_submitted_at, note,
  held_reason, returned_at, created_at`;

type Row = {
  order_no: string;
  user_id: number;
  method: 'upi' | 'bank' | 'usdt';
  amount_paise: bigint;
  usdt_micro: bigint | null;
  deposit_address: string | null;
  status: 'pending' | 'completed' | 'failed';
  transfer_submitted_at: Date | null;
  note: string | null;
  held_reason: TRechargeHeldReason | null;
  returned_at: Date | null;
  created_at: Date;
};

export async function findDepositQueue(db: Queryable, query: { status: TDepositQueueFilter; pageNum: number; pageSize: number }) {
  const condition = FILTER_CONDITIONS[query.status];
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from deposit_orders where ${condition}`);
  const rows = await db.query<Row>(`select ${COLUMNS} from deposit_orders where ${condition} order by id limit $1 offset $2`, [
    query.pageSize,
    (query.pageNum - 1) * query.pageSize,
  ]);
  const list = rows.map(depositView);
  return { list, total: count!.total, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** One recharge order as the console shows it, or null when there is none with this number. */
export async function findDepositOrder(db: Queryable, orderNo: string): Promise<TDepositQueueItem | null> {
  const [row] = await db.query<Row>(`select ${COLUMNS} from deposit_orders where order_no = $1`, [orderNo]);
  return row ? depositView(row) : null;
}

function depositView(row: Row): TDepositQueueItem {
  return {
    orderNo: row.order_no,
    playerId: row.user_id,
    method: row.method,
    amount: formatMoney(row.amount_paise),
    usdtAmount: row.usdt_micro === null ? null : formatUsdtMicro(row.usdt_micro),
    depositAddress: row.deposit_address,
    status: row.status,
    isTransferSubmitted: row.transfer_submitted_at !== null,
    note: row.note,
    heldReason: row.held_reason,
    returnedTime: row.returned_at === null ? null : row.returned_at.toISOString(),
    createTime: row.created_at.toISOString(),
  };
}
