import { exclusionEndMs, exclusionKindOf, type ExclusionDuration, type RealityCheckMinutes } from '@mayur/rules/protection-rules';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findProtectionState } from './protection-state.ts';
import { lockOwnProtectionRow } from './protection-row.ts';

/** What else happens when a player's exclusion has started (at `atMs`). */
export type ExclusionStarted = (userId: number, atMs: number) => Promise<void>;

/**
 * Starts a time-out or self-exclusion from now. Nothing ends one early: a new one is accepted only
 * when it ends later than the one in force (which it then replaces); one ending sooner is refused
 * with EXCLUSION_ALREADY_LONGER. Once it is committed, `onStarted` runs (the app wires the crash
 * games' cancellation of the player's bets that have not flown yet there, so that this module need not
 * import the games, which import it).
 */
export async function startExclusion(
  ctx: AppContext,
  userId: number,
  duration: ExclusionDuration,
  onStarted: ExclusionStarted = async () => undefined,
) {
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
  await onStarted(userId, now.getTime());
  return findProtectionState(ctx.db, now, userId);
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
