import type { TThirdLaunch, TThirdLaunchRequest } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { exclusionRefusal, findExclusionAtLogin } from '../protection/exclusion.ts';
import { assertPlayerNotFrozen } from '../users/player-state.ts';
import { adapterOf } from './adapters/mayur-seamless-adapter.ts';
import { newToken, tokenHash } from './game-sessions.ts';

/** Launches a player may open per minute: far beyond play, and a bound on the sessions one player can create. */
const LAUNCHES_PER_MINUTE = 30;

/**
 * Launching a game: a game session bound to the player and the game, with a random single-use launch
 * token that expires in minutes (the studio exchanges it at `authenticate`), and the studio's address
 * for it. Refused for a game or provider that is not enabled, while the player takes a break, and for
 * a frozen player: the share lock on the player's row makes a freeze in flight finish first, and a
 * freeze that starts after waits for this launch and then ends it with the player's other sessions.
 */
export async function openGameSession(ctx: AppContext, userId: number, input: TThirdLaunchRequest): Promise<TThirdLaunch> {
  const limit = await ctx.limiter.hit(`third-launch:${userId}`, LAUNCHES_PER_MINUTE, 60_000);
  if (!limit.isAllowed) throw new AppError('RATE_LIMITED', `user ${userId} launched ${limit.count} games this minute`);
  const provider = ctx.config.providers.list.find((entry) => entry.id === input.provider && entry.isEnabled);
  if (!provider) throw new AppError('NOT_FOUND', `provider ${input.provider} is not enabled`);
  const now = ctx.clock.now();
  const launchToken = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.providers.launchTokenTtlMs);
  await ctx.db.transaction(async (tx) => {
    await assertPlayerNotFrozen(tx, userId);
    const exclusion = await findExclusionAtLogin(tx, now, userId);
    if (exclusion) throw exclusionRefusal(userId, exclusion, 'game launch');
    const [game] = await tx.query<{ code: string }>(
      'select code from provider_games where provider_id = $1 and code = $2 and is_enabled',
      [provider.id, input.gameCode],
    );
    if (!game) throw new AppError('NOT_FOUND', `game ${provider.id}/${input.gameCode} is not in the catalogue`);
    await tx.query(
      `insert into provider_game_sessions (provider_id, game_code, user_id, launch_token_hash, launch_expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [provider.id, input.gameCode, userId, tokenHash(launchToken), expiresAt, now],
    );
  });
  const launchUrl = adapterOf(provider).launchUrl(provider, {
    launchToken,
    gameCode: input.gameCode,
    locale: input.locale ?? 'en-US',
    lobbyUrl: `${ctx.config.payments.publicBaseUrl}/`,
  });
  return { launchUrl, isFramed: !provider.isFramingForbidden, expiresAt: expiresAt.toISOString() };
}
