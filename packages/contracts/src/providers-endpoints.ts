import type { EndpointDefinition } from './endpoints.ts';
import { ZThirdGames, ZThirdGamesRequest, ZThirdLaunch, ZThirdLaunchRequest } from './providers.ts';

// Third-party games: the player API's endpoints of this domain (see endpoints.ts).
export const providerEndpoints = {
  '/third/games': {
    isAuthRequired: false,
    request: ZThirdGamesRequest,
    response: ZThirdGames,
    summary:
      "The PG GAMES catalogue: the enabled providers' enabled games, in the operator's order, named in the locale asked for",
    tag: 'third-games',
  },
  '/third/launch': {
    isAuthRequired: true,
    request: ZThirdLaunchRequest,
    response: ZThirdLaunch,
    summary: 'Open a game session with a studio: its launch address with a single-use token bound to the player and the game',
    tag: 'third-games',
  },
} as const satisfies Record<string, EndpointDefinition>;
