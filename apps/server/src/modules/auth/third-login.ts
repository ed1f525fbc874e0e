import type { TSession } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { forgetRevokedSessions, hashToken } from '../../platform/http/authenticate.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { findUserView } from '../users/user-view.ts';
import { findExclusionAtLogin } from '../protection/exclusion.ts';
import { createSessionUntil } from './sessions.ts';

/**
 * Token handover: a token that arrived in a page address is exchanged for a fresh session and is
 * spent in the same transaction, so an address that leaks (history, referrer) cannot be replayed.
 * The new session ends when the handed one would have: a chain of handovers never extends a login.
 */
export async function thirdLogin(ctx: AppContext, handedToken: string, meta: RequestMeta): Promise<TSession> {
  const session = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const rows = await tx.query<{ user_id: number; expires_at: Date }>(
      'update sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null and expires_at > $2 returning user_id, expires_at',
      [hashToken(handedToken), now],
    );
    const handed = rows[0];
    if (!handed) throw new AppError('UNAUTHORIZED', 'handed-over token is unknown, spent or expired');
    const userId = handed.user_id;
    const token = await createSessionUntil(tx, ctx.clock, handed.expires_at, userId, meta);
    meta.log.info({ userId }, 'session handed over');
    return { token, user: await findUserView(tx, userId), exclusion: await findExclusionAtLogin(tx, now, userId) };
  });
  // The handed token is spent: no node may keep accepting it from its cache.
  await forgetRevokedSessions(ctx, { tokenHash: hashToken(handedToken) });
  return session;
}
