import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bitgameDigits, bitgameSize, bitgameSum, roundDigest, wingoNumber } from './outcomes.ts';

// A million outcomes: the digits must be uniform (chi-square, 9 degrees of freedom, 99 % critical
// value 21.666) and Bit Game's small/big split even (|z| < 2.576). The seeds are a fixed sequence
// (sha256 of a counter) so the run is reproducible: five tests at 99 % on fresh randomness would fail
// about one CI run in twenty by chance alone.

const ROUNDS = 1_000_000;
const CHI_SQUARE_99_DF9 = 21.666;

function chiSquare(counts: number[], total: number): number {
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe(`outcome statistics over ${ROUNDS.toLocaleString('en')} rounds`, () => {
  it('gives uniform Win Go numbers and Bit Game digits, and an even small/big split', () => {
    const wingo = new Array<number>(10).fill(0);
    const bitgame = [new Array<number>(10).fill(0), new Array<number>(10).fill(0), new Array<number>(10).fill(0)];
    let small = 0;
    const salt = 'statistics-salt';
    for (let i = 0; i < ROUNDS; i++) {
      const seed = createHash('sha256').update(`statistics-seed-${i}`).digest('hex');
      const digest = roundDigest(seed, salt);
      wingo[wingoNumber(digest)]! += 1;
      const digits = bitgameDigits(digest);
      digits.forEach((digit, position) => (bitgame[position]![digit]! += 1));
      if (bitgameSize(bitgameSum(digits)) === 'small') small += 1;
    }
    expect(chiSquare(wingo, ROUNDS)).toBeLessThan(CHI_SQUARE_99_DF9);
    for (const position of bitgame) expect(chiSquare(position, ROUNDS)).toBeLessThan(CHI_SQUARE_99_DF9);
    const z = (small - ROUNDS / 2) / Math.sqrt(ROUNDS / 4);
    expect(Math.abs(z)).toBeLessThan(2.576);
  }, 120_000);
});
