import { lotteryResultFromDigest, previousSeed, roundDigest } from '@mayur/fairness';
import { describe, expect, it } from 'vitest';
import { isSameResult, isSeedInChainAsync, verifyRound } from './verify-round.ts';

function chainFrom(lastSeed: string, length: number): string[] {
  const seeds = [lastSeed];
  for (let i = 0; i < length; i++) seeds.unshift(previousSeed(seeds[0]!));
  return seeds;
}

describe('the browser verifier', () => {
  const seeds = chainFrom('a'.repeat(64), 4_500);

  it('finds a seed in its chain across several slices of work', async () => {
    const progress: number[] = [];
    expect(await isSeedInChainAsync(seeds[4_500]!, 4_500, seeds[0]!, (done) => progress.push(done))).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('refuses a seed at the wrong index or against another commitment', async () => {
    expect(await isSeedInChainAsync(seeds[10]!, 9, seeds[0]!)).toBe(false);
    expect(await isSeedInChainAsync(seeds[10]!, 10, seeds[1]!)).toBe(false);
    expect(await isSeedInChainAsync('not a seed', 1, seeds[0]!)).toBe(false);
  });

  it('recomputes a published round and compares it with the published result field by field', async () => {
    const round = { game: 'bitgame' as const, seed: seeds[3]!, chainIndex: 3, commitment: seeds[0]!, salt: 'b'.repeat(32) };
    const unpublished = await verifyRound({ ...round, result: null });
    expect(unpublished.isInChain).toBe(true);
    expect(unpublished.computed).toEqual(lotteryResultFromDigest('bitgame', roundDigest(round.seed, round.salt)));
    expect(unpublished.isSameResult).toBe(false);
    expect((await verifyRound({ ...round, result: unpublished.computed })).isSameResult).toBe(true);
    const altered = { ...unpublished.computed, sum: (unpublished.computed.sum ?? 0) + 1 };
    expect((await verifyRound({ ...round, result: altered })).isSameResult).toBe(false);
    expect(isSameResult(unpublished.computed, altered)).toBe(false);
  });
});
