import type { AppContext } from '../../../platform/context.ts';
import type { CancelledCrashBet } from './crash-bet-batch.ts';
import { crashBatcherOf } from './crash-batcher.ts';

/**
 * Cancels a queued bet, or an open one while its round still takes bets (judged by this node's receive
 * time); the stake returns. Applied with the bets and cancels of this node's next batch (decision 0015).
 */
export function cancelCrashBet(ctx: AppContext, userId: number, betId: bigint, receivedAtMs: number): Promise<CancelledCrashBet> {
  return crashBatcherOf(ctx).cancel(userId, betId, receivedAtMs);
}
