import { z } from 'zod';
import { zMoneyText } from './fields.ts';

// What a crash room shows of other players: the current round's bets and the day's biggest wins.
// Every row is a real bet (masked name); nothing here is ever invented to fill a list.

/** One real bet as other players see it: masked player, stake, and the cash-out once it happened. */
export const ZCrashLiveBet = z.object({
  betId: z.string(),
  /** Masked: the first three characters of the nickname, "***", the last two digits of the player's id. */
  player: z.string(),
  amount: zMoneyText,
  /** Null until cashed out. */
  multiplierX100: z.number().int().nullable(),
  winAmount: zMoneyText.nullable(),
});
export type TCrashLiveBet = z.infer<typeof ZCrashLiveBet>;

/** At most this many of a round's bets are listed (biggest wins first, then biggest stakes). */
export const CRASH_ROUND_BETS_LIMIT = 100;

/** `/gameroket/getRoundBets`: the newest round's bets, with the totals of every bet in it. */
export const ZCrashRoundBetsResponse = z.object({
  /** Null when the room has no round yet. */
  roundId: z.string().nullable(),
  list: z.array(ZCrashLiveBet),
  /** Distinct players with a bet in the round (all of them, not only the listed). */
  players: z.number().int().min(0),
  /** Sum of every stake in the round. */
  totalStake: zMoneyText,
});
export type TCrashRoundBetsResponse = z.infer<typeof ZCrashRoundBetsResponse>;

/** How far back "Top" looks, and how many wins it lists. */
export const CRASH_TOP_WINS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CRASH_TOP_WINS_LIMIT = 10;

export const ZCrashTopWin = ZCrashLiveBet.extend({
  roundId: z.string(),
  multiplierX100: z.number().int(),
  winAmount: zMoneyText,
  /** When the round crashed (ISO 8601). */
  time: z.string(),
});
export type TCrashTopWin = z.infer<typeof ZCrashTopWin>;

/** `/gameroket/getTopWins`: the room's biggest cash-outs of the last 24 hours, biggest first. */
export const ZCrashTopWinsResponse = z.object({ list: z.array(ZCrashTopWin) });
export type TCrashTopWinsResponse = z.infer<typeof ZCrashTopWinsResponse>;
