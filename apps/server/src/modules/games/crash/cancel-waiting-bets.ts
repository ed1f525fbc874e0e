import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { crashBatcherOf } from './crash-batcher.ts';

/**
 * When a player's time-out or self-exclusion starts (decision 0022), their crash bets that have not
 * flown yet (queued for the next round, or in a round still taking bets) are cancelled and their
 * stakes returned, through the crash group commit like the player's own cancel: a bet whose round has
 * flown meanwhile stays (BET_NOT_CANCELLABLE), and new bets are refused from now by the exclusion.
 */
export async function cancelWaitingCrashBets(ctx: AppContext, userId: number, receivedAtMs: number): Promise<void> {
  const waiting = await ctx.db.query<{ id: bigint }>(
    "select id from crash_bets where user_id = $1 and status in ('queued', 'open') order by id",
    [userId],
  );
  const results = await Promise.allSettled(waiting.map((bet) => crashBatcherOf(ctx).cancel(userId, bet.id, receivedAtMs)));
  for (const result of results) {
    const isExpected =
      result.status === 'fulfilled' || (result.reason instanceof AppError && result.reason.code === 'BET_NOT_CANCELLABLE');
    if (!isExpected) throw result.reason;
  }
  if (waiting.length > 0) ctx.log.info({ userId, bets: waiting.length }, 'crash bets cancelled by an exclusion');
}
