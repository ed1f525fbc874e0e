import { lotteryStakeProblem } from '@mayur/rules/lottery-rules';
import { parseMoney } from '@mayur/rules/money';

/** The contract money chips of the Win Go bet sheet, smallest first. */
export const CONTRACT_MONEY_CHOICES = ['1.00', '10.00', '100.00', '1000.00'] as const;
/** The multiplier chips: how many contracts of the chosen money. */
export const QUICK_COUNTS = [1, 5, 10, 20, 50, 100] as const;

export type WingoStake = { contractMoney: (typeof CONTRACT_MONEY_CHOICES)[number]; count: number };

/** Contract money × count in paise. */
export function stakePaise(contractMoney: string, count: number): bigint {
  return (parseMoney(contractMoney) ?? 0n) * BigInt(count);
}

/**
 * The stake the sheet opens at: one contract of the smallest chip the lottery's stake rule accepts
 * (lotteryStakeProblem, the rule the server applies), so a player who only taps Confirm is never
 * refused. The ₹1 chip stays on offer for larger counts.
 */
export function defaultWingoStake(maxBetPaise: bigint | null): WingoStake {
  const contractMoney =
    CONTRACT_MONEY_CHOICES.find((choice) => lotteryStakeProblem(stakePaise(choice, 1), maxBetPaise) === null) ??
    CONTRACT_MONEY_CHOICES[0];
  return { contractMoney, count: 1 };
}
