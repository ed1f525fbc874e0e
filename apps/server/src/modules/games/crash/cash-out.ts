import type { AppContext } from '../../../platform/context.ts';
import type { CashedOut } from './crash-cash-out-batch.ts';
import { crashBatcherOf } from './crash-batcher.ts';

/**
 * A manual cash-out at the multiplier of the moment this server received it, decided from the round's
 * row only (any node can take it), with the other cash-outs of this node's next batch (decision 0015).
 * One guarded UPDATE (on the status) makes it happen at most once.
 */
export function cashOut(ctx: AppContext, userId: number, betId: bigint, receivedAtMs: number): Promise<CashedOut> {
  return crashBatcherOf(ctx).cashOut(userId, betId, receivedAtMs);
}
