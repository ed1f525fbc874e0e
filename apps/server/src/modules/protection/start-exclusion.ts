import { exclusionEndMs, exclusionKindOf, type ExclusionDuration, type RealityCheckMinutes } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { cancelCrashBet } from '../games/crash/cancel-crash-bet.ts';
import { findProtectionState } from './protection-state.ts';
import { lockOwnProtectionRow } from './protection-row.ts';

/**
 * Starts a time-out or self-exclusion from now. Nothing ends one early: a new one is accepted only
 * when it ends later than the one in force (which it then replaces); one ending sooner is refused
 * with EXCLUSION_ALREADY_LONGER. The player's crash bets that have not flown yet (queued for the next
 * round, or in a round still taking bets) are cancelled and their stakes returned.
 */
export async function startExclusion(ctx: AppContext, userId: number, duration: ExclusionDuration) {
  const now = ctx.clock.now();
  const endsAt = new Date(exclusionEndMs(duration, now.getTime()));
  const kind = exclusionKindOf(duration);
  await ctx.db.transaction(async (tx) => {
    const row = await lockOwnProtectionRow(tx, userId, now);
    if (row.exclusion_ends_at && row.exclusion_ends_at.getTime() >= endsAt.getTime())
      throw new AppError('EXCLUSION_ALREADY_LONGER', `user ${userId} is excluded until ${row.exclusion_ends_at.toISOString()}`);
    await tx.query(
      `update player_protection set exclusion_kind = $2, exclusion_duration = $3, exclusion_started_at = $4,
         exclusion_ends_at = $5, updated_at = $4
       where user_id = $1`,
      [userId, kind, duration, now, endsAt],
    );
  });
  ctx.log.info({ userId, kind, duration, endsAt: endsAt.toISOString() }, 'player exclusion started');
  await cancelWaitingCrashBets(ctx, userId, now.getTime());
  return findProtectionState(ctx.db, now, userId);
}

/**
 * Cancels through the crash group commit, like the player's own cancel: a bet whose round has flown
 * meanwhile stays (BET_NOT_CANCELLABLE), and new bets are refused from now by the exclusion itself.
 */
async function cancelWaitingCrashBets(ctx: AppContext, userId: number, receivedAtMs: number): Promise<void> {
  const waiting = await ctx.db.query<{ id: bigint }>(
    "select id from crash_bets where user_id = $1 and status in ('queued', 'open') order by id",
    [userId],
  );
  const results = await Promise.allSettled(waiting.map((bet) => cancelCrashBet(ctx, userId, bet.id, receivedAtMs)));
  for (const result of results) {
    const isExpected =
      result.status === 'fulfilled' || (result.reason instanceof AppError && result.reason.code === 'BET_NOT_CANCELLABLE');
    if (!isExpected) throw result.reason;
  }
  if (waiting.length > 0) ctx.log.info({ userId, bets: waiting.length }, 'crash bets cancelled by an exclusion');
}

export async function setRealityCheck(ctx: AppContext, userId: number, minutes: RealityCheckMinutes) {
  const now = ctx.clock.now();
  await ctx.db.query(
    `insert into player_protection (user_id, reality_check_minutes, updated_at) values ($1, $2, $3)
     on conflict (user_id) do update set reality_check_minutes = excluded.reality_check_minutes, updated_at = excluded.updated_at`,
    [userId, minutes, now],
  );
  return findProtectionState(ctx.db, now, userId);
}
