import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { GroupCommitLane } from '../group-commit.ts';
import type { CachedSession, SessionRevocation } from './session-cache.ts';

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

/** Sessions read in one statement at most: a burst of first requests costs a few reads, not one each. */
export const SESSION_READ_BATCH_LIMIT = 1_000;

type SessionReader = GroupCommitLane<string, CachedSession | null>;
const sessionReaders = new WeakMap<AppContext, SessionReader>();

/**
 * The node's reader of sessions its cache cannot vouch for. The token hashes asked for within one turn
 * of the event loop (more while a read is in flight) are read in one statement: 5,000 players betting
 * in a fresh room's first seconds cost 5,000 reads one by one, a quarter of the node's CPU in that burst
 * (decision 0017). Expiry is checked by each request against its own clock.
 */
function sessionReaderOf(ctx: AppContext): SessionReader {
  let reader = sessionReaders.get(ctx);
  if (!reader) {
    reader = new GroupCommitLane({ windowMs: 0, limit: SESSION_READ_BATCH_LIMIT }, async (tokenHashes) => {
      const rows = await ctx.db.query<{ token_hash: string; user_id: number; expires_at: Date }>(
        'select token_hash, user_id, expires_at from sessions where token_hash = any($1::text[]) and revoked_at is null',
        [tokenHashes],
      );
      const found = new Map(rows.map((row) => [row.token_hash, { userId: row.user_id, expiresAtMs: row.expires_at.getTime() }]));
      return tokenHashes.map((tokenHash) => found.get(tokenHash) ?? null);
    });
    sessionReaders.set(ctx, reader);
  }
  return reader;
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
  // Taken before the read is asked for, so no later than its statement is sent (session-cache.ts).
  const mark = ctx.sessionCache?.mark();
  const session = await sessionReaderOf(ctx).submit(tokenHash);
  if (!session || session.expiresAtMs <= nowMs) return null;
  if (mark) ctx.sessionCache!.remember(tokenHash, session, mark);
  return { userId: session.userId, tokenHash };
}

/**
 * Tells this node's session cache, and through Redis every node's, that sessions were revoked. Call it
 * after the revoking transaction committed: a read that raced the commit is then not remembered.
 */
export async function forgetRevokedSessions(ctx: AppContext, revocation: SessionRevocation): Promise<void> {
  await ctx.sessionCache?.forget(revocation);
}
