import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { SessionRevocation } from './session-cache.ts';

export type SessionPrincipal = { userId: number; tokenHash: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Reads the raw token (or `Bearer <token>`) and returns its live session, or null. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/**
 * The session of the presented token. A session the node's cache vouches for costs no query; its
 * expiry is still checked against this request's clock, so an expired session is refused at once.
 */
export async function authenticate(ctx: AppContext, header: string | undefined): Promise<SessionPrincipal | null> {
  const token = tokenFromHeader(header);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const nowMs = ctx.clock.now().getTime();
  const cached = ctx.sessionCache?.find(tokenHash);
  if (cached) return cached.expiresAtMs > nowMs ? { userId: cached.userId, tokenHash } : null;
  const mark = ctx.sessionCache?.mark();
  const rows = await ctx.db.query<{ user_id: number; expires_at: Date }>(
    'select user_id, expires_at from sessions where token_hash = $1 and revoked_at is null and expires_at > $2',
    [tokenHash, new Date(nowMs)],
  );
  const row = rows[0];
  if (!row) return null;
  if (mark) ctx.sessionCache!.remember(tokenHash, { userId: row.user_id, expiresAtMs: row.expires_at.getTime() }, mark);
  return { userId: row.user_id, tokenHash };
}

/**
 * Tells this node's session cache, and through Redis every node's, that sessions were revoked. Call it
 * after the revoking transaction committed: a read that raced the commit is then not remembered.
 */
export async function forgetRevokedSessions(ctx: AppContext, revocation: SessionRevocation): Promise<void> {
  await ctx.sessionCache?.forget(revocation);
}
