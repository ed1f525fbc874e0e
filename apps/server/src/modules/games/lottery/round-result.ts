import { bitgameDigits, bitgameSize, bitgameSum, roundDigest, wingoColours, wingoNumber } from '@mayur/fairness';
import type { LotteryGame, TLotteryResult } from '@mayur/contracts';

/** The outcome of a round from its own seed and the chain's salt (DESIGN.md §6), nothing else. */
export function computeResult(game: LotteryGame, seed: string, salt: string): { number: number | null; digits: number[] | null } {
  const digest = roundDigest(seed, salt);
  return game === 'wingo' ? { number: wingoNumber(digest), digits: null } : { number: null, digits: bitgameDigits(digest) };
}

export function toResultView(number: number | null, digits: number[] | null): TLotteryResult {
  if (digits) {
    const sum = bitgameSum(digits);
    return { number: null, colours: [], digits, sum, size: bitgameSize(sum) };
  }
  return { number, colours: number === null ? [] : wingoColours(number), digits: null, sum: null, size: null };
}
