import { formatMoney } from '@mayur/contracts';
import type { TWithdrawalQueueItem } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { destinationLabel } from '../payments/withdraw/find-withdraw-list.ts';

// The withdrawal queue, read-only: the statuses the CLI's withdraw:list filters by, oldest first,
// destinations masked. Approving and rejecting (maker-checker) are the next slice of issue 15.

const STATUS_FILTERS: Record<string, string[]> = {
  WAIT: ['pending', 'paying'],
  SUCCESS: ['paid'],
  FAIL: ['rejected', 'failed'],
  ALL: ['pending', 'paying', 'paid', 'rejected', 'failed'],
};

type Row = {
  withdraw_no: string;
  user_id: number;
  account_kind: 'bank' | 'upi' | 'usdt';
  destination: Record<string, string | null>;
  amount_paise: bigint;
  status: string;
  reason: string | null;
  created_at: Date;
};

export async function findWithdrawalQueue(db: Queryable, query: { status: string; pageNum: number; pageSize: number }) {
  const statuses = STATUS_FILTERS[query.status] ?? STATUS_FILTERS.WAIT!;
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from withdrawals where status = any($1)', [
    statuses,
  ]);
  const rows = await db.query<Row>(
    `select withdraw_no, user_id, account_kind, destination, amount_paise, status, reason, created_at
     from withdrawals where status = any($1) order by id limit $2 offset $3`,
    [statuses, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  const list: TWithdrawalQueueItem[] = rows.map((row) => ({
    withdrawNo: row.withdraw_no,
    playerId: row.user_id,
    amount: formatMoney(row.amount_paise),
    method: row.account_kind,
    destination: destinationLabel(row.account_kind, row.destination),
    status: row.status,
    reason: row.reason,
    createTime: row.created_at.toISOString(),
  }));
  return { list, total: count!.total, pageNum: query.pageNum, pageSize: query.pageSize };
}
