import type { Db, Queryable } from '../../../platform/db/db.ts';
import { findPlayerAccounts, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postGroup } from '../../wallet/ledger.ts';

// The two ways a held withdrawal ends. Paid: holds → the provider's clearing account. Returned
// (rejected by an operator, or failed at the provider): holds → the player's cash. Each is one guarded
// status change plus one transfer in the caller's transaction, keyed by the withdrawal number.

export type WithdrawalRow = {
  id: bigint;
  withdraw_no: string;
  user_id: number;
  account_kind: 'bank' | 'upi' | 'usdt';
  destination: Record<string, string | null>;
  provider: string;
  amount_paise: bigint;
  usdt_micro: bigint | null;
  status: 'pending' | 'paying' | 'paid' | 'rejected' | 'failed';
};

export const WITHDRAWAL_COLUMNS =
  'id, withdraw_no, user_id, account_kind, destination, provider, amount_paise, usdt_micro, status';

/**
 * House accounts a withdrawal may touch, sharded by player like every hot house account; looked up
 * before the transaction (they may be created).
 */
export async function settlementAccounts(db: Db, withdrawal: { provider: string; user_id: number }) {
  return {
    holdsAccountId: await shardedHouseAccountId(db, 'withdrawal-holds', withdrawal.user_id),
    clearingAccountId: await shardedHouseAccountId(db, `clearing:${withdrawal.provider}`, withdrawal.user_id),
  };
}

export async function markPaid(
  tx: Queryable,
  row: WithdrawalRow,
  accounts: { holdsAccountId: number; clearingAccountId: number },
  providerReference: string | null,
) {
  await tx.query("update withdrawals set status = 'paid', payout_reference = $2, completed_at = now() where id = $1", [
    row.id,
    providerReference,
  ]);
  await postGroup(tx, [
    {
      idempotencyKey: `withdrawal-paid:${row.withdraw_no}`,
      debitAccountId: accounts.holdsAccountId,
      creditAccountId: accounts.clearingAccountId,
      amountPaise: row.amount_paise,
      reason: 'withdrawal_paid',
      reference: row.withdraw_no,
    },
  ]);
}

export async function returnFunds(
  tx: Queryable,
  row: WithdrawalRow,
  holdsAccountId: number,
  status: 'rejected' | 'failed',
  reason: string,
) {
  await tx.query('update withdrawals set status = $2, reason = $3, completed_at = now() where id = $1', [row.id, status, reason]);
  const player = await findPlayerAccounts(tx, row.user_id);
  await postGroup(tx, [
    {
      idempotencyKey: `withdrawal-return:${row.withdraw_no}`,
      debitAccountId: holdsAccountId,
      creditAccountId: player.cashAccountId,
      amountPaise: row.amount_paise,
      reason: 'withdrawal_rejected',
      reference: row.withdraw_no,
    },
  ]);
}
