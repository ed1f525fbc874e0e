import { describe, expect, it } from 'vitest';
import { bitgamePayoutPaise } from './lottery-rooms.ts';
import {
  bitgameSize,
  bitgameSum,
  clampContractCount,
  isContractCount,
  lotteryResultView,
  lotteryStakeProblem,
  wingoColours,
} from './lottery-rules.ts';

describe('Win Go colours', () => {
  it('gives 0 red and violet, 5 green and violet, odd numbers green, even numbers red', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(wingoColours)).toEqual([
      ['red', 'violet'],
      ['green'],
      ['red'],
      ['green'],
      ['red'],
      ['green', 'violet'],
      ['red'],
      ['green'],
      ['red'],
      ['green'],
    ]);
  });
});

describe('Bit Game size', () => {
  it('is small up to a sum of 13 and big from 14', () => {
    expect([0, 13, 14, 27].map(bitgameSize)).toEqual(['small', 'small', 'big', 'big']);
    expect(bitgameSum([9, 4, 1])).toBe(14);
  });

  it('is the size the payout pays on', () => {
    for (let sum = 0; sum <= 27; sum++) {
      expect(bitgamePayoutPaise(bitgameSize(sum), sum, 100n), String(sum)).toBe(195n);
      expect(bitgamePayoutPaise(bitgameSize(sum) === 'big' ? 'small' : 'big', sum, 100n), String(sum)).toBe(0n);
    }
  });
});

describe('lottery result view', () => {
  it('shows a Win Go number with its colours, and Bit Game digits with their sum and size', () => {
    expect(lotteryResultView(5, null)).toEqual({ number: 5, colours: ['green', 'violet'], digits: null, sum: null, size: null });
    expect(lotteryResultView(null, [0, 9, 5])).toEqual({ number: null, colours: [], digits: [0, 9, 5], sum: 14, size: 'big' });
    expect(lotteryResultView(null, null)).toEqual({ number: null, colours: [], digits: null, sum: null, size: null });
  });
});

describe('lottery stake limits', () => {
  it('hold the whole stake between ₹1.10 and the room maximum', () => {
    // ₹1 contracts: one is below the minimum, two make a ₹2 stake.
    expect(lotteryStakeProblem(100n, 5_000n)).toBe('BET_TOO_SMALL');
    expect(lotteryStakeProblem(200n, 5_000n)).toBeNull();
    expect(lotteryStakeProblem(109n, 5_000n)).toBe('BET_TOO_SMALL');
    expect(lotteryStakeProblem(110n, 5_000n)).toBeNull();
    expect(lotteryStakeProblem(5_000n, 5_000n)).toBeNull();
    expect(lotteryStakeProblem(5_001n, 5_000n)).toBe('BET_TOO_LARGE');
    expect(lotteryStakeProblem(10_000_000n, null)).toBeNull();
  });
});

describe('contract count', () => {
  it('takes 1 to 1 000 contracts', () => {
    expect([1, 1_000].map(isContractCount)).toEqual([true, true]);
    expect([0, 1_001, 2.5].map(isContractCount)).toEqual([false, false, false]);
  });

  it('keeps a typed count within the limits', () => {
    expect([Number.NaN, -3, 0, 7.9, 1_000, 5_000].map(clampContractCount)).toEqual([1, 1, 1, 7, 1_000, 1_000]);
  });
});
