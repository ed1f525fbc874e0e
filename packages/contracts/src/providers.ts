import { z } from 'zod';

// Third-party games (decision 0026): the PG GAMES catalogue and the launch of a game. The
// studios' own wallet API (`/api/provider/<id>/…`) is not part of the player API; it is documented in
// docs/provider-wallet-api.md.

const zProviderId = z
  .string({ error: 'INVALID_FIELD' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: 'INVALID_FIELD' });
const zGameCode = z
  .string({ error: 'INVALID_FIELD' })
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'INVALID_FIELD' });
const zLocaleField = z
  .string({ error: 'INVALID_FIELD' })
  .trim()
  .regex(/^[A-Za-z-]{2,10}$/, { error: 'INVALID_FIELD' })
  .optional();

export const ZThirdGamesRequest = z.object({ locale: zLocaleField });
export type TThirdGamesRequest = z.infer<typeof ZThirdGamesRequest>;

export const ZThirdGame = z.object({
  provider: z.string(),
  code: z.string(),
  /** In the locale asked for, else English. */
  name: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string(),
});
export type TThirdGame = z.infer<typeof ZThirdGame>;

export const ZThirdGames = z.object({
  /** The categories of the listed games, in catalogue order. */
  categories: z.array(z.string()),
  list: z.array(ZThirdGame),
});
export type TThirdGames = z.infer<typeof ZThirdGames>;

export const ZThirdLaunchRequest = z.object({ provider: zProviderId, gameCode: zGameCode, locale: zLocaleField });
export type TThirdLaunchRequest = z.infer<typeof ZThirdLaunchRequest>;

export const ZThirdLaunch = z.object({
  /** The studio's page for this game session; its launch token is single-use and short-lived. */
  launchUrl: z.string(),
  /** False when the studio forbids framing: open it as a page of its own. */
  isFramed: z.boolean(),
  expiresAt: z.string(),
});
export type TThirdLaunch = z.infer<typeof ZThirdLaunch>;
