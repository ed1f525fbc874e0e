import { readOnlyEndpoint } from './admin-endpoint.ts';
import { z } from 'zod';
import { zMoneyText } from '../fields.ts';
import type { AdminEndpointDefinition } from './endpoints.ts';
import type { OperatorRole } from './roles.ts';

// The games screen: each room's live state, its last rounds, return to player per day and
// the crash rooms' exposure. Read-only by construction: every endpoint here lives under `/games/`, is
// marked `readOnly: true`, takes no input that names an outcome, and answers a seed only for a round
// already settled (revealed). A test (no-power-over-results.test.ts) holds the map to that.

/** Every role may read the games screen: it shows no player, only rooms, rounds and sums. */
export const GAME_READERS = ['owner', 'finance', 'support', 'risk', 'auditor'] as const satisfies readonly OperatorRole[];
/** Days of return to player shown: today and the 6 before, in India's business day. */
export const GAMES_RTP_DAYS = 7;
/** Rounds shown per room. */
export const GAMES_ROUNDS_LIMIT = 20;

export const ZAdminGameChain = z.object({
  chainId: z.number().int(),
  commitment: z.string(),
  salt: z.string(),
  chainLength: z.number().int(),
});

export const ZAdminGameRoom = z.object({
  room: z.string(),
  game: z.enum(['wingo', 'bitgame', 'crash']),
  /** Lottery: the current period and its end; crash: the current round and its phase (the crash time never, while unsettled). */
  period: z.string().nullable(),
  roundId: z.string().nullable(),
  phase: z.enum(['betting', 'closed', 'flying', 'crashed', 'idle']),
  bettingClosesAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  chain: ZAdminGameChain.nullable(),
  /** Crash rooms: bets and stakes in play in the current round, and what was cashed out of it so far. */
  exposure: z
    .object({ openBets: z.number().int(), stakesInPlay: zMoneyText, cashedOutBets: z.number().int(), cashedOutWins: zMoneyText })
    .nullable(),
});
export type TAdminGameRoom = z.infer<typeof ZAdminGameRoom>;

export const ZAdminGameRoomsResponse = z.object({ at: z.string(), rooms: z.array(ZAdminGameRoom) });
export type TAdminGameRoomsResponse = z.infer<typeof ZAdminGameRoomsResponse>;

export const ZAdminGameRound = z.object({
  /** Lottery: the period; crash: the round id. */
  round: z.string(),
  state: z.string(),
  startsAt: z.string(),
  settledAt: z.string().nullable(),
  chainId: z.number().int(),
  chainIndex: z.number().int(),
  commitment: z.string(),
  /** Only once the round is settled; null before, always. */
  seed: z.string().nullable(),
  /** Lottery: the number (Win Go) or the digits (Bit Game) as text; crash: the crash point ×100; null until settled. */
  result: z.string().nullable(),
  bets: z.number().int(),
  stakes: zMoneyText,
});
export type TAdminGameRound = z.infer<typeof ZAdminGameRound>;

export const ZAdminGameRoundsRequest = z.object({ room: z.string().min(1).max(40) });
export const ZAdminGameRoundsResponse = z.object({ room: z.string(), rounds: z.array(ZAdminGameRound) });
export type TAdminGameRoundsResponse = z.infer<typeof ZAdminGameRoundsResponse>;

export const ZAdminGameRtpDay = z.object({
  day: z.string(),
  room: z.string(),
  bets: z.number().int(),
  /** What players staked (fees included), refunds taken off. */
  stakes: zMoneyText,
  /** What the ledger paid to players from the room that day. */
  wins: zMoneyText,
  /** wins ÷ stakes in basis points (10000 = 100 %), null without stakes. */
  actualBp: z.number().int().nullable(),
  /** The expected return of those very bets under the published rules, in basis points. */
  theoreticalBp: z.number().int().nullable(),
});
export type TAdminGameRtpDay = z.infer<typeof ZAdminGameRtpDay>;
export const ZAdminGameRtpResponse = z.object({ today: z.string(), days: z.array(ZAdminGameRtpDay) });
export type TAdminGameRtpResponse = z.infer<typeof ZAdminGameRtpResponse>;

export const gamesEndpoints = {
  '/games/rooms': readOnlyEndpoint({
    request: z.object({}),
    response: ZAdminGameRoomsResponse,
    access: GAME_READERS,
    audit: 'refusals',
    summary:
      'Each room’s live state (period or round and phase), its chain commitment, and the crash rooms’ stakes in play (read-only)',
    tag: 'games',
    readOnly: true,
  }),
  '/games/rounds': readOnlyEndpoint({
    request: ZAdminGameRoundsRequest,
    response: ZAdminGameRoundsResponse,
    access: GAME_READERS,
    audit: 'refusals',
    summary: 'A room’s last rounds with their results and, once revealed, their seeds (read-only)',
    tag: 'games',
    readOnly: true,
  }),
  '/games/rtp': readOnlyEndpoint({
    request: z.object({}),
    response: ZAdminGameRtpResponse,
    access: GAME_READERS,
    audit: 'refusals',
    summary: 'Actual return to player per room per day over the last 7 days, against the theoretical (read-only)',
    tag: 'games',
    readOnly: true,
  }),
} satisfies Record<string, AdminEndpointDefinition>;
