import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from '../../platform/config.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { newToken, tokenHash } from './game-sessions.ts';
import { WalletRefusal, type AuthenticateCall, type WalletAnswer } from './wallet-calls.ts';

/**
 * The studio exchanges the launch token from the game's address for a session token, once: the
 * launch token is spent in the same statement (a second exchange, a leaked address or an expired
 * token is refused), and the session it opens is bound to the player and game of the launch.
 */
export async function applyAuthenticate(
  ctx: AppContext,
  provider: ProviderSettings,
  call: AuthenticateCall,
): Promise<WalletAnswer> {
  const now = ctx.clock.now();
  const sessionToken = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.providers.sessionTtlMs);
  const [session] = await ctx.db.query<{ user_id: number; game_code: string; nick_name: string | null }>(
    `with opened as (
       update provider_game_sessions
       set launched_at = $3, session_token_hash = $4, session_expires_at = $5
       where launch_token_hash = $1 and provider_id = $2 and launched_at is null and launch_expires_at > $3
       returning user_id, game_code
     )
     select o.user_id, o.game_code, u.nick_name from opened o join users u on u.id = o.user_id`,
    [tokenHash(call.launchToken), provider.id, now, tokenHash(sessionToken), expiresAt],
  );
  if (!session) throw new WalletRefusal('SESSION_INVALID', 'unknown, spent or expired launch token');
  const { cashPaise } = await findPlayerBalances(ctx.db, session.user_id);
  return {
    isOk: true,
    balancePaise: cashPaise,
    session: {
      sessionToken,
      playerId: session.user_id,
      nickName: session.nick_name ?? `Player ${session.user_id}`,
      gameCode: session.game_code,
      expiresAt,
    },
  };
}
