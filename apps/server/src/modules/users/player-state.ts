import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';

// Whether a player may move money at all. Freezing (back office, decision 0023) revokes every session
// and refuses new ones; the money use cases that are not on the betting hot path (recharge orders,
// withdrawal requests) also ask here in their own transaction, so the sub-second window in which
// another node may still trust a cached session cannot open an order or a withdrawal.

/** Refuses with ACCOUNT_FROZEN when an operator froze the player; takes a share lock so a freeze in flight finishes first. */
export async function assertPlayerNotFrozen(tx: Queryable, userId: number): Promise<void> {
  const [row] = await tx.query<{ is_frozen: boolean }>(
    'select frozen_at is not null as is_frozen from users where id = $1 for share',
    [userId],
  );
  if (row?.is_frozen) throw new AppError('ACCOUNT_FROZEN', `player ${userId} is frozen`);
}
