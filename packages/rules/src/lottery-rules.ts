// The lottery rules the server and the browser both apply (DESIGN.md §5), dependency-free so the web
// app imports them at runtime: what is paid and what is shown come from these functions and nowhere else.

export type WingoColour = 'green' | 'red' | 'violet';
export type BitgameSize = 'big' | 'small';

/** The smallest stake (contract money × count) of a lottery bet, published as a period's minBet. */
export const LOTTERY_MIN_BET_PAISE = 110n;
/** The most contracts one Win Go bet may carry. */
export const MAX_CONTRACT_COUNT = 1_000;
/** Bit Game: a sum of the three digits up to this is small, above it big. */
export const BITGAME_SMALL_MAX_SUM = 13;

/** Colours of a Win Go number: 0 red+violet, 5 green+violet, odd green, even red. */
export function wingoColours(number: number): WingoColour[] {
  if (number === 0) return ['red', 'violet'];
  if (number === 5) return ['green', 'violet'];
  return number % 2 === 1 ? ['green'] : ['red'];
}

export function bitgameSum(digits: readonly number[]): number {
  return digits.reduce((sum, digit) => sum + digit, 0);
}

/** Small is 0–13, big is 14–27. */
export function bitgameSize(sum: number): BitgameSize {
  return sum <= BITGAME_SMALL_MAX_SUM ? 'small' : 'big';
}

/**
 * Why a stake cannot be bet (its error code), or null when it can: the stake, contract money × count,
 * must lie between the minimum and the room's maximum (operator setting), the minBet and maxBet a
 * period publishes. Unknown maximum (the browser before the period arrives): only the minimum applies.
 */
export function lotteryStakeProblem(stakePaise: bigint, maxBetPaise: bigint | null): 'BET_TOO_SMALL' | 'BET_TOO_LARGE' | null {
  if (stakePaise < LOTTERY_MIN_BET_PAISE) return 'BET_TOO_SMALL';
  if (maxBetPaise !== null && stakePaise > maxBetPaise) return 'BET_TOO_LARGE';
  return null;
}

/** Whether a contract count is one a bet may carry: a whole number from 1 to MAX_CONTRACT_COUNT. */
export function isContractCount(count: number): boolean {
  return Number.isSafeInteger(count) && count >= 1 && count <= MAX_CONTRACT_COUNT;
}

/** Keeps a typed contract count within 1..MAX_CONTRACT_COUNT (anything unreadable becomes 1). */
export function clampContractCount(count: number): number {
  return Math.min(MAX_CONTRACT_COUNT, Math.max(1, Math.floor(count) || 1));
}

/** The shape of a lottery result on the wire (ZLotteryResult): a Win Go number or the Bit Game digits. */
export type LotteryResultView = {
  number: number | null;
  colours: WingoColour[];
  digits: number[] | null;
  sum: number | null;
  size: BitgameSize | null;
};

/** A round's result as players see it, from what is stored: the Win Go number or the Bit Game digits. */
export function lotteryResultView(number: number | null, digits: readonly number[] | null): LotteryResultView {
  if (digits) {
    const sum = bitgameSum(digits);
    return { number: null, colours: [], digits: [...digits], sum, size: bitgameSize(sum) };
  }
  return { number, colours: number === null ? [] : wingoColours(number), digits: null, sum: null, size: null };
}
