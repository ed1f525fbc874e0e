import { formatMoney } from '@mayur/contracts';
import type { TDepositQueueItem } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { formatUsdtMicro } from '../payments/order-numbers.ts';

// Recharge orders, read-only: the statuses the CLI's deposit:list filters by, oldest first.

const STATUS_FILTERS: Record<string, string[]> = {
  WAIT: ['pending'],
  COMPLETED: ['completed'],
  FAIL: ['failed'],
  ALL: ['pending', 'completed', 'failed'],
};

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
  created_at: Date;
};

export async function findDepositQueue(db: Queryable, query: { status: string; pageNum: number; pageSize: number }) {
  const statuses = STATUS_FILTERS[query.status] ?? STATUS_FILTERS.WAIT!;
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from deposit_orders where status = any($1)', [
    statuses,
  ]);
  const rows = await db.query<Row>(
    `select order_no, user_id, method, amount_paise, usdt_micro, deposit_address, status, transfer_submitted_at, note, created_at
     from deposit_orders where status = any($1) order by id limit $2 offset $3`,
    [statuses, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  const list = rows.map(depositView);
  return { list, total: count!.total, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** One recharge order as the console shows it, or null when there is none with this number. */
export async function findDepositOrder(db: Queryable, orderNo: string): Promise<TDepositQueueItem | null> {
  const [row] = await db.query<Row>(
    `select order_no, user_id, method, amount_paise, usdt_micro, deposit_address, status, transfer_submitted_at, note, created_at
     from deposit_orders where order_no = $1`,
    [orderNo],
  );
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
    createTime: row.created_at.toISOString(),
  };
}
