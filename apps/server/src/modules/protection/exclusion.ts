import type { TExclusion } from '@mayur/contracts';
import type { ExclusionDuration, ExclusionKind } from '@mayur/rules/protection-rules';
import { AppError } from '../../platform/http/app-error.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { findProtectionRow, type ProtectionRow } from './protection-row.ts';

/** The player's time-out or self-exclusion in force at `nowMs`, or null. */
export function activeExclusion(row: ProtectionRow | undefined, nowMs: number): TExclusion | null {
  if (!row?.exclusion_ends_at || row.exclusion_ends_at.getTime() <= nowMs) return null;
  return {
    kind: row.exclusion_kind as ExclusionKind,
    duration: row.exclusion_duration as ExclusionDuration,
    startedAt: row.exclusion_started_at!.toISOString(),
    endsAt: row.exclusion_ends_at.toISOString(),
  };
}

/** The refusal of a bet, recharge or gift during an exclusion: which one, and when it ends. */
export function exclusionRefusal(userId: number, exclusion: TExclusion, what: string): AppError {
  const code = exclusion.kind === 'timeout' ? 'PLAYER_TIMED_OUT' : 'PLAYER_SELF_EXCLUDED';
  return new AppError(code, `${what} of user ${userId} refused: ${exclusion.kind} until ${exclusion.endsAt}`, {
    details: { exclusion: exclusion.kind, endsAt: exclusion.endsAt },
  });
}

/**
 * The exclusion to show at log-in (null: none). Logging in stays open during one, so the player can
 * see their balance and withdraw; the app says at once why bets, recharges and gifts are closed.
 */
export async function findExclusionAtLogin(db: Queryable, now: Date, userId: number): Promise<TExclusion | null> {
  return activeExclusion(await findProtectionRow(db, userId), now.getTime());
}
