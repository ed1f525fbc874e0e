import { randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashToken } from '../../platform/http/authenticate.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';

/** Opens a new session: 256 random bits, handed to the client once and stored only as a hash. */
export async function createSession(
  db: Queryable,
  clock: Clock,
  sessionTtlMs: number,
  userId: number,
  meta: Pick<RequestMeta, 'ip' | 'userAgent'>,
): Promise<string> {
  return createSessionUntil(db, clock, new Date(clock.now().getTime() + sessionTtlMs), userId, meta);
}

/** Opens a new session that ends at a given instant (a handed-over session ends when its original would have). */
export async function createSessionUntil(
  db: Queryable,
  clock: Clock,
  expiresAt: Date,
  userId: number,
  meta: Pick<RequestMeta, 'ip' | 'userAgent'>,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Only a player who is not frozen gets a session. The share lock on the player's row makes a freeze
  // in flight (its update holds the row) finish first, and this insert then sees it; a freeze that
  // starts after it waits for this insert and revokes the new session with the others.
  const opened = await db.query(
    `insert into sessions (token_hash, user_id, created_at, expires_at, ip, user_agent)
     select $1, id, $3, $4, $5, $6 from users where id = $2 and frozen_at is null for share
     returning user_id`,
    [hashToken(token), userId, clock.now(), expiresAt, meta.ip, meta.userAgent],
  );
  if (opened.length === 0) {
    if (await isFrozen(db, userId)) throw new AppError('ACCOUNT_FROZEN', `player ${userId} is frozen`);
    throw new Error(`no player ${userId} to open a session for`);
  }
  return token;
}

async function isFrozen(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ is_frozen: boolean }>('select frozen_at is not null as is_frozen from users where id = $1', [
    userId,
  ]);
  return row?.is_frozen ?? false;
}

/** Revokes every live session of a player and answers how many it ended (the back office's log out everywhere and freeze). */
export async function endAllUserSessions(db: Queryable, clock: Clock, userId: number): Promise<number> {
  const ended = await db.query(
    'update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and expires_at > $2 returning user_id',
    [userId, clock.now()],
  );
  return ended.length;
}

export async function revokeSession(db: Queryable, clock: Clock, tokenHash: string): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null', [tokenHash, clock.now()]);
}

/** Revokes every live session of a player, except the one named (the session asking, when it should stay). */
export async function revokeUserSessions(db: Queryable, clock: Clock, userId: number, exceptTokenHash?: string): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and token_hash <> $3', [
    userId,
    clock.now(),
    exceptTokenHash ?? '',
  ]);
}
