import { randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
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
  await db.query(
    'insert into sessions (token_hash, user_id, created_at, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5, $6)',
    [hashToken(token), userId, clock.now(), expiresAt, meta.ip, meta.userAgent],
  );
  return token;
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
