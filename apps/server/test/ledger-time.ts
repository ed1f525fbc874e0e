import { kolkataDay, kolkataDayStartMs } from '@mayur/rules/kolkata-day';
import type { Db } from '../src/platform/db/db.ts';

// The ledger stamps its rows with the database's own clock, which a test cannot move like the app's
// manual clock. Tests of rules that depend on the day a stake or a refund fell on post the transfer
// for real and then move it, and its two entries, to the instant the scenario needs. Ledger rows are
// immutable (a trigger refuses updates), so the move runs with triggers off for its transaction only.

/** Kolkata midnight that began the current Kolkata day (18:30 UTC the evening before). */
export function lastKolkataMidnightMs(nowMs = Date.now()): number {
  return kolkataDayStartMs(kolkataDay(nowMs));
}

/** Moves the transfer posted with `idempotencyKey` (and its entries) to `at`. */
export async function moveTransferTo(db: Db, idempotencyKey: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    const moved = await tx.query<{ id: bigint }>(
      'update ledger_transfers set created_at = $2 where idempotency_key = $1 returning id',
      [idempotencyKey, at],
    );
    if (moved.length !== 1) throw new Error(`no transfer ${idempotencyKey} to move`);
    await tx.query('update ledger_entries set created_at = $2 where transfer_id = $1', [moved[0]!.id, at]);
  });
}
