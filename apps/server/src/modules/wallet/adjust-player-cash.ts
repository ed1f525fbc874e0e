import assert from 'node:assert/strict';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { findPlayerAccounts, houseAccountId } from './accounts.ts';
import { postGroup, type PostedTransfer } from './ledger.ts';

// An operator's adjustment of a player's cash, against the house adjustments account: the same transfer
// the CLI's user:adjust posts, for the back office, which decides in its own transaction (maker-checker,
// the audit row) whether and when it is posted.

/** The house adjustments account; taken from the database before the caller's transaction opens. */
export function adjustmentsAccountId(db: Db): Promise<number> {
  return houseAccountId(db, 'adjustments');
}

/**
 * Posts a signed adjustment in the caller's transaction: above 0 credits the player's cash, below 0
 * debits it (refused with INSUFFICIENT_BALANCE when the cash is short). Idempotent by its key.
 */
export async function postCashAdjustment(
  tx: Queryable,
  adjustments: { houseAccountId: number; userId: number; amountPaise: bigint; idempotencyKey: string },
): Promise<PostedTransfer> {
  assert(adjustments.amountPaise !== 0n, 'an adjustment moves money');
  const accounts = await findPlayerAccounts(tx, adjustments.userId);
  const isDebit = adjustments.amountPaise < 0n;
  const [posted] = await postGroup(tx, [
    {
      idempotencyKey: adjustments.idempotencyKey,
      debitAccountId: isDebit ? accounts.cashAccountId : adjustments.houseAccountId,
      creditAccountId: isDebit ? adjustments.houseAccountId : accounts.cashAccountId,
      amountPaise: isDebit ? -adjustments.amountPaise : adjustments.amountPaise,
      reason: 'adjustment',
      // Players see this on the transfer; who asked and who approved is in the audit log.
      reference: 'operator',
    },
  ]);
  return posted;
}
