import type { Queryable } from '../../platform/db/db.ts';

/**
 * Ends a player's game sessions at every studio, and the launch tokens not yet exchanged, in the
 * caller's transaction: a freeze (back office) and a logout call it, so the player stops playing at
 * the studios when they stop playing here. A studio's later debit or balance call is then refused
 * with SESSION_INVALID and an unexchanged launch token opens nothing; credits and rollbacks of the
 * rounds already bet are still accepted, so no stake is stranded at the studio (decision 0026).
 * `authenticate` writes the token's row too, so it and this wait for each other: a token is either
 * exchanged first and its session ended here, or ended here first and refused there.
 * Answers how many sessions or tokens it ended.
 */
export async function endStudioSessions(tx: Queryable, userId: number, now: Date): Promise<number> {
  const ended = await tx.query(
    `update provider_game_sessions set ended_at = $2
     where user_id = $1 and ended_at is null and greatest(launch_expires_at, session_expires_at) > $2
       and ((launched_at is null and launch_expires_at > $2) or session_expires_at > $2)
     returning id`,
    [userId, now],
  );
  return ended.length;
}
