import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from './providers-env.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { newToken, tokenHash } from './game-sessions.ts';
import type { AuthenticateCall, WalletAnswer } from './wallet-calls.ts';
import { Refusal } from '../../platform/refusal.ts';

/**
 * The studio exchanges the launch token from the game's address for a session token, once: the
 * launch token is spent in the same statement (a second exchange, a leaked address or an expired
 * token is refused), and the session it opens is bound to the player and game of the launch. A frozen
 * player's token opens nothing (PLAYER_FROZEN), nor does one a freeze or logout ended
 * (`endStudioSessions`, which writes the same row: one waits for the other and then sees what it did).
 */
export async function applyAuthenticate(
  ctx: AppContext,
  provider: ProviderSettings,
  call: AuthenticateCall,
): Promise<WalletAnswer> {
  const now = ctx.clock.now();
  const sessionToken = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.providers.sessionTtlMs);
  const [session] = await ctx.db.query<{
    user_id: number;
    game_code: string;
    nick_name: string | null;
    is_frozen: boolean;
    is_opened: boolean;
  }>(
    `with launch as (
       select s.id, s.user_id, s.game_code, u.nick_name, u.frozen_at is not null as is_frozen
       from provider_game_sessions s join users u on u.id = s.user_id
       where s.launch_token_hash = $1 and s.provider_id = $2 and s.launched_at is null and s.launch_expires_at > $3
         and s.ended_at is null
     ), opened as (
       update provider_game_sessions
       set launched_at = $3, session_token_hash = $4, session_expires_at = $5
       where id = (select id from launch where not is_frozen) and launched_at is null and launch_expires_at > $3
         and ended_at is null
       returning id
     )
     select l.user_id, l.game_code, l.nick_name, l.is_frozen, o.id is not null as is_opened
     from launch l left join opened o on o.id = l.id`,
    [tokenHash(call.launchToken), provider.id, now, tokenHash(sessionToken), expiresAt],
  );
  if (session?.is_frozen) throw new Refusal('PLAYER_FROZEN', 'the operator froze this account');
  if (!session?.is_opened) throw new Refusal('SESSION_INVALID', 'unknown, spent or expired launch token');
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
