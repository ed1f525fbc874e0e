import { lotteryOutcome, roundDigest } from '@mayur/fairness';
import { type TLotteryResult } from '@mayur/contracts';
import { lotteryResultView } from '@mayur/rules/lottery-rules';
import { type LotteryGame } from '@mayur/rules/lottery-rooms';

/** The outcome of a round from its own seed and the chain's salt (DESIGN.md §6), nothing else. */
export function computeResult(game: LotteryGame, seed: string, salt: string): { number: number | null; digits: number[] | null } {
  return lotteryOutcome(game, roundDigest(seed, salt));
}

/** A stored result as players see it: the contracts' rule, the same the browser verifier applies. */
export function toResultView(number: number | null, digits: number[] | null): TLotteryResult {
  return lotteryResultView(number, digits);
}
