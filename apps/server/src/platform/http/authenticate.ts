import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';

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

export async function authenticate(ctx: AppContext, header: string | undefined): Promise<SessionPrincipal | null> {
  const token = tokenFromHeader(header);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const rows = await ctx.db.query<{ user_id: number }>(
    'select user_id from sessions where token_hash = $1 and revoked_at is null and expires_at > $2',
    [tokenHash, ctx.clock.now()],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, tokenHash } : null;
}
