import { type TWithdrawRecord, type TWithdrawStatus } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../../platform/db/db.ts';
import { formatUsdtMicro } from '../order-numbers.ts';

const STATUS_LABELS: Record<string, TWithdrawStatus> = {
  pending: 'WAIT',
  paying: 'WAIT',
  paid: 'SUCCESS',
  rejected: 'FAIL',
  failed: 'FAIL',
};

type Row = {
  withdraw_no: string;
  amount_paise: bigint;
  usdt_micro: bigint | null;
  status: string;
  reason: string | null;
  account_kind: 'bank' | 'upi' | 'usdt';
  destination: Record<string, string | null>;
  created_at: Date;
  completed_at: Date | null;
  total: number;
};

function mask(text: string | null | undefined, keep: number): string {
  if (!text) return '';
  return `••••${text.slice(-keep)}`;
}

/** The destination as a player recognises it, without repeating the whole number. */
export function destinationLabel(kind: 'bank' | 'upi' | 'usdt', destination: Record<string, string | null>): string {
  if (kind === 'usdt') {
    const address = destination.address ?? '';
    return `${address.slice(0, 4)}…${address.slice(-4)}`;
  }
  if (kind === 'upi') {
    const [name = '', bank = ''] = (destination.upiAccount ?? '').split('@');
    return `${name.slice(0, 2)}••••@${bank}`;
  }
  return `${destination.bankName ?? ''} ${mask(destination.bankAccount, 4)}`.trim();
}

/** The player's own withdrawals, newest first; a refused or failed one carries its reason. */
export async function findWithdrawList(db: Queryable, userId: number, paging: { pageNum: number; pageSize: number }) {
  const rows = await db.query<Row>(
    `select withdraw_no, amount_paise, usdt_micro, status, reason, account_kind, destination, created_at, completed_at,
            count(*) over ()::int as total
     from withdrawals where user_id = $1 order by id desc limit $2 offset $3`,
    [userId, paging.pageSize, (paging.pageNum - 1) * paging.pageSize],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await db.query<{ total: number }>('select count(*)::int as total from withdrawals where user_id = $1', [
      userId,
    ]);
    total = row!.total;
  }
  return {
    list: rows.map((row): TWithdrawRecord => ({
      withdrawNo: row.withdraw_no,
      amount: formatMoney(row.amount_paise),
      usdtAmount: row.usdt_micro === null ? null : formatUsdtMicro(row.usdt_micro),
      status: STATUS_LABELS[row.status]!,
      reason: row.reason,
      accountKind: row.account_kind,
      accountLabel: destinationLabel(row.account_kind, row.destination),
      createTime: row.created_at.toISOString(),
      completeTime: row.completed_at?.toISOString() ?? null,
    })),
    total,
    pageNum: paging.pageNum,
    pageSize: paging.pageSize,
  };
}
