import type { TLotteryResult } from '@mayur/contracts';
import { lotteryResultFromDigest, roundDigest, walkSeedChain } from '@mayur/fairness';

/** Hashes per slice of work, so that a long chain walk never freezes the page. */
const HASHES_PER_SLICE = 2_000;

export type RoundToVerify = {
  game: 'wingo' | 'bitgame';
  seed: string;
  chainIndex: number;
  commitment: string;
  salt: string;
  result: TLotteryResult | null;
};

export type Verification = {
  isInChain: boolean;
  digest: string;
  computed: TLotteryResult;
  /** Whether the server's published result equals the one computed here. */
  isSameResult: boolean;
};

/**
 * Whether hashing the seed `index` times gives the commitment (the walk of @mayur/fairness), yielding
 * to the browser between slices; `onProgress` receives the share done, 0..1.
 */
export async function isSeedInChainAsync(
  seed: string,
  index: number,
  commitment: string,
  onProgress: (done: number) => void = () => undefined,
): Promise<boolean> {
  const walk = walkSeedChain(seed, index, commitment, HASHES_PER_SLICE);
  for (let step = walk.next(); ; step = walk.next()) {
    if (step.done) return step.value;
    onProgress(step.value);
    if (step.value < 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export function isSameResult(a: TLotteryResult, b: TLotteryResult): boolean {
  return (
    a.number === b.number &&
    a.colours.join(',') === b.colours.join(',') &&
    (a.digits ?? []).join(',') === (b.digits ?? []).join(',') &&
    a.sum === b.sum &&
    a.size === b.size
  );
}

export async function verifyRound(round: RoundToVerify, onProgress?: (done: number) => void): Promise<Verification> {
  const isInChain = await isSeedInChainAsync(round.seed, round.chainIndex, round.commitment, onProgress);
  const digest = roundDigest(round.seed, round.salt);
  // The same function the server settles with (DESIGN.md §6): the check is only as good as that.
  const computed = lotteryResultFromDigest(round.game, digest);
  return { isInChain, digest, computed, isSameResult: round.result !== null && isSameResult(computed, round.result) };
}
