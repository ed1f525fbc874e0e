import { previousSeed } from '@mayur/fairness';
import { describe, expect, it } from 'vitest';
import { computeResult, isSameResult, isSeedInChainAsync } from './verify-round.ts';

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

  it('computes Win Go and Bit Game results from a digest and compares them field by field', () => {
    const digest = '0'.repeat(13) + 'f'.repeat(13) + '8'.repeat(38);
    expect(computeResult('wingo', digest)).toEqual({
      number: 0,
      colours: ['red', 'violet'],
      digits: null,
      sum: null,
      size: null,
    });
    const bit = computeResult('bitgame', digest);
    expect(bit).toEqual({ number: null, colours: [], digits: [0, 9, 5], sum: 14, size: 'big' });
    expect(isSameResult(bit, { ...bit, sum: 13 })).toBe(false);
  });
});
