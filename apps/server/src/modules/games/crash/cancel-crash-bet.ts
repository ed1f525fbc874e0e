import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { CancelCandidate, CancelledCrashBet, CancelRequest } from './crash-bet-batch.ts';
import { crashBatcherOf } from './crash-batcher.ts';

/**
 * Cancels a bet as `refuseCancel` below allows; the stake returns. Applied with the bets and cancels of
 * this node's next batch (decision 0015), cancels first, so a slot freed and taken again in one batch
 * keeps the order the player sent them in.
 */
export function cancelCrashBet(ctx: AppContext, userId: number, betId: bigint, receivedAtMs: number): Promise<CancelledCrashBet> {
  return crashBatcherOf(ctx).cancel(userId, betId, receivedAtMs);
}

/**
 * The rule of a cancel, for the bet as the batch read (and locked) it: only the bet's player may cancel
 * it (BET_UNKNOWN otherwise, as for a bet that does not exist); a queued bet may be cancelled, and an
 * open one while its round still takes bets, judged by the moment this node received the request; any
 * other bet (flying, settled, cancelled already) is BET_NOT_CANCELLABLE.
 */
export function refuseCancel(bet: CancelCandidate | undefined, request: CancelRequest): AppError | null {
  if (!bet || bet.user_id !== request.userId)
    return new AppError('BET_UNKNOWN', `bet ${request.betId} for user ${request.userId}`);
  const isBeforeTakeOff = bet.flying_at !== null && bet.flying_at.getTime() > request.receivedAtMs;
  const isCancellable = bet.status === 'queued' || (bet.status === 'open' && isBeforeTakeOff);
  return isCancellable ? null : new AppError('BET_NOT_CANCELLABLE', `bet ${request.betId} for user ${request.userId}`);
}
