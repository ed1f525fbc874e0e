// The lottery rooms of DESIGN.md §5: timings, period codes and games. Dependency-free, so the web app
// can import it at runtime for its countdowns and labels.
import { DAY_MS, KOLKATA_OFFSET_MS, kolkataDayDigits } from './kolkata-day.ts';
import { bitgameSize } from './lottery-rules.ts';

export type LotteryGame = 'wingo' | 'bitgame';

export type LotteryRoomConfig = {
  game: LotteryGame;
  /** Two digits inside the period number: YYYYMMDD + code + NNNN. */
  code: string;
  periodMs: number;
  bettingMs: number;
};

export const LOTTERY_ROOMS = {
  'wingo-1': { game: 'wingo', code: '01', periodMs: 60_000, bettingMs: 55_000 },
  'wingo-3': { game: 'wingo', code: '03', periodMs: 180_000, bettingMs: 150_000 },
  'wingo-5': { game: 'wingo', code: '05', periodMs: 300_000, bettingMs: 270_000 },
  parity: { game: 'wingo', code: '11', periodMs: 180_000, bettingMs: 150_000 },
  sapre: { game: 'wingo', code: '12', periodMs: 180_000, bettingMs: 150_000 },
  bcone: { game: 'wingo', code: '13', periodMs: 180_000, bettingMs: 150_000 },
  emerd: { game: 'wingo', code: '14', periodMs: 180_000, bettingMs: 150_000 },
  bitgame: { game: 'bitgame', code: '21', periodMs: 60_000, bettingMs: 55_000 },
} as const satisfies Record<string, LotteryRoomConfig>;

export type LotteryRoom = keyof typeof LOTTERY_ROOMS;
export const LOTTERY_ROOM_IDS = Object.keys(LOTTERY_ROOMS) as LotteryRoom[];
export const WINGO_ROOM_BY_MINUTES = { 60: 'wingo-1', 180: 'wingo-3', 300: 'wingo-5' } as const;
export const PK_ROOMS = ['parity', 'sapre', 'bcone', 'emerd'] as const;
export type PkRoom = (typeof PK_ROOMS)[number];

export type PeriodSlot = { period: string; index: number; startsAtMs: number; bettingClosesAtMs: number; endsAtMs: number };

/** The period a moment falls in: aligned to Kolkata midnight, numbered from 0001 each Kolkata day. */
export function periodAt(room: LotteryRoom, atMs: number): PeriodSlot {
  const config = LOTTERY_ROOMS[room];
  const kolkataMs = atMs + KOLKATA_OFFSET_MS;
  const dayStartKolkataMs = Math.floor(kolkataMs / DAY_MS) * DAY_MS;
  const index = Math.floor((kolkataMs - dayStartKolkataMs) / config.periodMs) + 1;
  const startsAtMs = dayStartKolkataMs - KOLKATA_OFFSET_MS + (index - 1) * config.periodMs;
  const ymd = kolkataDayDigits(atMs);
  return {
    period: `${ymd}${config.code}${String(index).padStart(4, '0')}`,
    index,
    startsAtMs,
    bettingClosesAtMs: startsAtMs + config.bettingMs,
    endsAtMs: startsAtMs + config.periodMs,
  };
}

export const WINGO_SELECTIONS = ['green', 'red', 'violet', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type WingoSelection = (typeof WINGO_SELECTIONS)[number];
export const BITGAME_SELECTIONS = ['big', 'small'] as const;
export type BitgameSelection = (typeof BITGAME_SELECTIONS)[number];

/** Win Go service fee: 2 % of the stake, rounded up to the paisa. */
export function wingoFeePaise(stakePaise: bigint): bigint {
  return (stakePaise * 2n + 99n) / 100n;
}

/**
 * Win Go payout in paise for a selection and a result number, on the delivery (stake − fee):
 * green 1/3/7/9 ×2, green 5 ×1.5, red 2/4/6/8 ×2, red 0 ×1.5, violet 0/5 ×4.5, the exact number ×9.
 */
export function wingoPayoutPaise(selection: WingoSelection, resultNumber: number, deliveryPaise: bigint): bigint {
  const [numerator, denominator] = wingoMultiplier(selection, resultNumber);
  return (deliveryPaise * numerator) / denominator;
}

export function wingoMultiplier(selection: WingoSelection, n: number): [bigint, bigint] {
  if (selection === 'green') return [1, 3, 7, 9].includes(n) ? [2n, 1n] : n === 5 ? [3n, 2n] : [0n, 1n];
  if (selection === 'red') return [2, 4, 6, 8].includes(n) ? [2n, 1n] : n === 0 ? [3n, 2n] : [0n, 1n];
  if (selection === 'violet') return n === 0 || n === 5 ? [9n, 2n] : [0n, 1n];
  return Number(selection) === n ? [9n, 1n] : [0n, 1n];
}

/** Bit Game's payout multiplier on the right size, 1.95 as an exact fraction (no separate fee). */
export const BITGAME_PAYOUT_NUMERATOR = 195n;
export const BITGAME_PAYOUT_DENOMINATOR = 100n;

/** Bit Game's multiplier for a selection and a digit sum, as [numerator, denominator]; settlement pays with it. */
export function bitgameMultiplier(selection: BitgameSelection, digitSum: number): [bigint, bigint] {
  return bitgameSize(digitSum) === selection ? [BITGAME_PAYOUT_NUMERATOR, BITGAME_PAYOUT_DENOMINATOR] : [0n, 1n];
}

/** Bit Game pays floor(stake × 1.95) on the right size; no separate fee. */
export function bitgamePayoutPaise(selection: BitgameSelection, digitSum: number, stakePaise: bigint): bigint {
  const [numerator, denominator] = bitgameMultiplier(selection, digitSum);
  return (stakePaise * numerator) / denominator;
}
