import { z } from 'zod';
import { zMoneyText } from './fields.ts';

/** The games a big win can come from, as the home ticker names them. */
export const BIG_WIN_GAMES = ['winGo', 'winGoPk', 'bitGame', 'aviator', 'crash'] as const;
export type BigWinGame = (typeof BIG_WIN_GAMES)[number];

/**
 * One real win (a settled lottery payout or a crash cash-out) of at least the threshold: who (masked),
 * where, how much, when. Never invented: an empty list is shown as nothing.
 */
export const ZBigWin = z.object({
  /** Masked: the first three characters of the nickname, "***", the last two digits of the player's id. */
  player: z.string(),
  game: z.enum(BIG_WIN_GAMES),
  /** The room it was won in: a lottery room ("wingo-1", "sapre") or a crash room ("limbo3"). */
  room: z.string(),
  amount: zMoneyText,
  /** When the win was settled (ISO 8601). */
  time: z.string(),
});
export type TBigWin = z.infer<typeof ZBigWin>;

export const ZBigWinsResponse = z.object({
  /** Newest first. */
  list: z.array(ZBigWin),
  /** The smallest win listed, as the ticker may say. */
  minAmount: zMoneyText,
});
export type TBigWinsResponse = z.infer<typeof ZBigWinsResponse>;
