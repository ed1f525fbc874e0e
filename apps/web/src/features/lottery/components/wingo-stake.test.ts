import { LOTTERY_MIN_BET_PAISE, lotteryStakeProblem } from '@mayur/rules/lottery-rules';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MONEY_CHOICES, defaultWingoStake, stakePaise } from './wingo-stake.ts';

describe('the Win Go bet sheet opens at a stake the server accepts', () => {
  it('does not open at ₹1 × 1, which the minimum bet refuses', () => {
    expect(lotteryStakeProblem(stakePaise('1.00', 1), null)).toBe('BET_TOO_SMALL');
    const stake = defaultWingoStake(null);
    expect(stake).toEqual({ contractMoney: '10.00', count: 1 });
    expect(stakePaise(stake.contractMoney, stake.count)).toBeGreaterThanOrEqual(LOTTERY_MIN_BET_PAISE);
  });

  it('opens at the smallest chip the rule accepts, within the room maximum', () => {
    for (const maxBet of [null, 100_000n, 1_000n]) {
      const stake = defaultWingoStake(maxBet);
      expect(lotteryStakeProblem(stakePaise(stake.contractMoney, stake.count), maxBet)).toBeNull();
      const smaller = CONTRACT_MONEY_CHOICES.slice(0, CONTRACT_MONEY_CHOICES.indexOf(stake.contractMoney));
      expect(smaller.every((choice) => lotteryStakeProblem(stakePaise(choice, 1), maxBet) !== null)).toBe(true);
    }
  });

  it('reads chips as exact paise', () => {
    expect(stakePaise('1000.00', 100)).toBe(10_000_000n);
    expect(stakePaise('10.00', 2)).toBe(2_000n);
  });
});
