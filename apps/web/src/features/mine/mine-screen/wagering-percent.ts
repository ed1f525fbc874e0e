import { toPaise } from '../../../shared/lib/money.ts';

/**
 * Whole percent of the wagering requirement bet (rounded down, so the bar is full only when nothing is
 * owed), from the wire's amounts in paise: no floating point touches them.
 */
export function wageringPercent(wagered: string, required: string): number {
  const wageredPaise = toPaise(wagered) ?? 0n;
  const requiredPaise = toPaise(required) ?? 0n;
  if (requiredPaise <= 0n) return 100;
  if (wageredPaise <= 0n) return 0;
  if (wageredPaise >= requiredPaise) return 100;
  return Number((wageredPaise * 100n) / requiredPaise);
}
