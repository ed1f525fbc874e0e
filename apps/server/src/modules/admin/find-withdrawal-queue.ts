import { formatMoney } from '@mayur/rules/money';
import type { TWithdrawalQueueItem, WITHDRAWAL_QUEUE_FILTERS } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { isAboveSingleApproval } from '../approvals/approval-rules.ts';
import { destinationLabel } from '../payments/withdraw/find-withdraw-list.ts';

// The withdrawal queue, read-only: the statuses the CLI's withdraw:list filters by, oldest first,
// destinations masked, with the operators who approved each so far (maker-checker).

type TWithdrawalQueueFilter = (typeof WITHDRAWAL_QUEUE_FILTERS)[number];

export const WITHDRAWAL_STATUSES_BY_FILTER: Record<TWithdrawalQueueFilter, string[]> = {
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
  approvals: string[];
  approver_keys: string[];
};

export async function findWithdrawalQueue(
  db: Queryable,
  query: { status: string; pageNum: number; pageSize: number },
  secondApprovalAbovePaise: bigint,
) {
  const statuses = WITHDRAWAL_STATUSES_BY_FILTER[query.status as TWithdrawalQueueFilter] ?? WITHDRAWAL_STATUSES_BY_FILTER.WAIT;
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from withdrawals where status = any($1)', [
    statuses,
  ]);
  const rows = await db.query<Row>(
    `select w.withdraw_no, w.user_id, w.account_kind, w.destination, w.amount_paise, w.status, w.reason, w.created_at,
            coalesce((select array_agg(coalesce(o.name, a.approver) order by a.created_at) from withdrawal_approvals a left join operators o on o.id = a.operator_id
                      where a.withdrawal_id = w.id), '{}') as approvals,
            coalesce((select array_agg(a.approver order by a.created_at) from withdrawal_approvals a where a.withdrawal_id = w.id), '{}')
              as approver_keys
     from withdrawals w where w.status = any($1) order by w.id limit $2 offset $3`,
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
    approvals: row.approvals,
    approverKeys: row.approver_keys,
    needsSecondApproval: isAboveSingleApproval(row.amount_paise, { secondApprovalAbovePaise }),
    createTime: row.created_at.toISOString(),
  }));
  return {
    secondApprovalAbove: formatMoney(secondApprovalAbovePaise),
    list,
    total: count!.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}
