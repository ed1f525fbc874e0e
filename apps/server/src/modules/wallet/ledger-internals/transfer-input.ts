import assert from 'node:assert/strict';
import type { TransferReason } from '../transfer-reasons.ts';

// What every way of posting takes and gives back (ledger.ts is the wallet's face for them).

export type TransferInput = {
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amountPaise: bigint;
  reason: TransferReason;
  reference?: string | null;
};

export type PostedTransfer = {
  id: bigint;
  debitBalanceAfterPaise: bigint;
  creditBalanceAfterPaise: bigint;
  createdAt: Date;
  /** True when the key had been posted before: nothing moved this time. */
  isReplay: boolean;
};

/** A posted transfer as `ledger_transfers` holds it, with the balances its two entries left. */
export type StoredTransfer = {
  idempotency_key: string;
  id: bigint;
  debit_account_id: number;
  credit_account_id: number;
  amount_paise: bigint;
  reason: string;
  reference: string | null;
  created_at: Date;
  debit_after: bigint;
  credit_after: bigint;
};

/** A stored transfer as the input it was posted from, to compare with a retry of its key. */
export function storedAsInput(stored: StoredTransfer): TransferInput {
  return {
    idempotencyKey: stored.idempotency_key,
    debitAccountId: stored.debit_account_id,
    creditAccountId: stored.credit_account_id,
    amountPaise: stored.amount_paise,
    reason: stored.reason as TransferInput['reason'],
    reference: stored.reference,
  };
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export function assertTransferInput(t: TransferInput): void {
  assert(typeof t.amountPaise === 'bigint', 'amount must be bigint paise');
  assert(t.amountPaise > 0n, 'amount must be positive');
  assert(t.debitAccountId !== t.creditAccountId, 'debit and credit accounts must differ');
  assertIdempotencyKey(t.idempotencyKey);
}

export function assertIdempotencyKey(key: string): void {
  assert(key.length > 0 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH, 'idempotency key length');
}

/** Whether a stored transfer holds what `t` asks for: a replay when it does, a conflict when not. */
export function isSameContent(a: TransferInput, b: TransferInput): boolean {
  return (
    a.debitAccountId === b.debitAccountId &&
    a.creditAccountId === b.creditAccountId &&
    a.amountPaise === b.amountPaise &&
    a.reason === b.reason &&
    (a.reference ?? null) === (b.reference ?? null)
  );
}
