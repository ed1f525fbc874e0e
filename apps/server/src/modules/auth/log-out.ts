import type { AppContext } from '../../platform/context.ts';
import { forgetRevokedSessions, type SessionPrincipal } from '../../platform/http/authenticate.ts';
import { endStudioSessions } from '../providers/end-studio-sessions.ts';
import { revokeSession } from './sessions.ts';

/**
 * The player logs out: this session is revoked and, in the same transaction, the player's game
 * sessions at the studios and unused launch tokens end, so nobody keeps playing on their money in a
 * studio's frame after the logout (credits of the rounds already bet still arrive). Then this node,
 * and every node through Redis, forget the session at once.
 */
export async function logOut(ctx: AppContext, session: SessionPrincipal): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, ctx.clock, session.tokenHash);
    await endStudioSessions(tx, session.userId, ctx.clock.now());
  });
  await forgetRevokedSessions(ctx, { tokenHash: session.tokenHash });
}
