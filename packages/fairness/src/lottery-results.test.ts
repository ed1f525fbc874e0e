import { lotteryResultView } from '@mayur/rules/lottery-rules';
import { describe, expect, it } from 'vitest';
import { bitgameDigits, lotteryOutcome, lotteryResultFromDigest, roundDigest, wingoNumber } from './outcomes.ts';

describe('lottery results from a digest', () => {
  const digest = '0'.repeat(13) + 'f'.repeat(13) + '8'.repeat(38);

  it('takes the Win Go number from the first slice and the Bit Game digits from the first three', () => {
    expect(lotteryOutcome('wingo', digest)).toEqual({ number: 0, digits: null });
    expect(lotteryOutcome('bitgame', digest)).toEqual({ number: null, digits: [0, 9, 5] });
  });

  it("shows them with the contracts' colours, sum and size", () => {
    expect(lotteryResultFromDigest('wingo', digest)).toEqual({
      number: 0,
      colours: ['red', 'violet'],
      digits: null,
      sum: null,
      size: null,
    });
    expect(lotteryResultFromDigest('bitgame', digest)).toEqual({
      number: null,
      colours: [],
      digits: [0, 9, 5],
      sum: 14,
      size: 'big',
    });
  });

  it('agrees with the digest functions for any seed', () => {
    const real = roundDigest('a'.repeat(64), 'salt');
    expect(lotteryResultFromDigest('wingo', real)).toEqual(lotteryResultView(wingoNumber(real), null));
    expect(lotteryResultFromDigest('bitgame', real)).toEqual(lotteryResultView(null, bitgameDigits(real)));
  });
});
