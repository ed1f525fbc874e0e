import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diceMultiplierX100, diceRollX100, PLINKO_MULTIPLIERS_X10, plinkoPath, roundDigest, seedHash } from './fairness.ts';

describe('the demo studio’s provably-fair results', () => {
  it('derives each round from HMAC-SHA256(server seed, "client seed:nonce") and commits the seed by SHA-256', () => {
    const seed = 'a'.repeat(64);
    expect(seedHash(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(roundDigest(seed, 'lucky', 7).toString('hex')).toBe(createHmac('sha256', seed).update('lucky:7').digest('hex'));
    expect(roundDigest(seed, 'lucky', 7)).not.toEqual(roundDigest(seed, 'lucky', 8));
  });

  it('drops the Plinko ball by the lowest bit of the first eight bytes', () => {
    const digest = Buffer.from([1, 0, 3, 2, 5, 4, 7, 6, ...new Array(24).fill(255)]);
    expect(plinkoPath(digest)).toEqual([1, 0, 1, 0, 1, 0, 1, 0]);
  });

  it('returns 99 % to players at Plinko: the multipliers weighted by the binomial slots', () => {
    const ways = [1, 8, 28, 56, 70, 56, 28, 8, 1];
    const returnedX10 = PLINKO_MULTIPLIERS_X10.reduce((sum, x10, slot) => sum + x10 * ways[slot]!, 0);
    expect(returnedX10 / (256 * 10)).toBeCloseTo(0.99, 2);
  });

  it('rolls dice from 0.00 to 99.99 and pays 99 / target', () => {
    expect(diceRollX100(Buffer.from([0, 0, 0x27, 0x0f]))).toBe(9_999);
    expect(diceRollX100(Buffer.from([0, 0, 0x27, 0x10]))).toBe(0);
    expect(diceMultiplierX100(50)).toBe(198);
    expect(diceMultiplierX100(2)).toBe(4_950);
  });
});
