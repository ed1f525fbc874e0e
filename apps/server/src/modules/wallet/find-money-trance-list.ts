import { type TMoneyTransaction, type TTransactionType } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../platform/db/db.ts';
import { REASONS_BY_TYPE, typeOfReason } from './transaction-types.ts';

type EntryRow = {
  transfer_id: bigint;
  kind: 'cash' | 'bonus';
  amount_paise: bigint;
  balance_after_paise: bigint;
  reason: string;
  reference: string | null;
  created_at: Date;
};

/** The player's own entries (cash and bonus), newest first. */
export async function findMoneyTranceList(
  db: Queryable,
  userId: number,
  page: { pageNum: number; pageSize: number; type: TTransactionType },
): Promise<{ list: TMoneyTransaction[]; total: number; pageNum: number; pageSize: number }> {
  const reasons = page.type === 'all' ? null : [...REASONS_BY_TYPE[page.type]];
  const filter = `from ledger_entries e
     join ledger_accounts a on a.id = e.account_id
     join ledger_transfers t on t.id = e.transfer_id
     where a.user_id = $1 and ($2::text[] is null or t.reason = any($2::text[]))`;
  const rows = await db.query<EntryRow>(
    `select e.transfer_id, a.kind, e.amount_paise, e.balance_after_paise, t.reason, t.reference, e.created_at
     ${filter}
     order by e.transfer_id desc, a.kind limit $3 offset $4`,
    [userId, reasons, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const counted = await db.query<{ total: bigint }>(`select count(*) as total ${filter}`, [userId, reasons]);
  return {
    list: rows.map((row) => ({
      id: `${row.transfer_id}-${row.kind}`,
      type: typeOfReason(row.reason),
      reason: row.reason,
      wallet: row.kind,
      amount: (row.amount_paise > 0n ? '+' : '') + formatMoney(row.amount_paise),
      balanceAfter: formatMoney(row.balance_after_paise),
      reference: row.reference,
      createTime: row.created_at.toISOString(),
    })),
    total: Number(counted[0]?.total ?? 0n),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}
