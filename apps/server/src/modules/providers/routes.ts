import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { registerProviderCallbacks } from './callback-route.ts';
import { findGames } from './find-games.ts';
import { openGameSession } from './open-game-session.ts';
import { registerProviderAdminRoute } from './provider-admin-route.ts';

export function registerProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/third/games', ({ input }) => findGames(ctx, input.locale));
  registerEndpoint(app, ctx, '/third/launch', ({ input, session }) => openGameSession(ctx, session.userId, input));
  registerProviderCallbacks(app, ctx);
  registerProviderAdminRoute(app, ctx);
}

/** The origins of the enabled providers' games: the web app may frame them and show their images. */
export function providerOrigins(ctx: { config: AppContext['config'] }): string[] {
  const origins = ctx.config.providers.list
    .filter((provider) => provider.isEnabled)
    .flatMap((provider) => [new URL(provider.launchUrl).origin]);
  return [...new Set(origins)];
}
