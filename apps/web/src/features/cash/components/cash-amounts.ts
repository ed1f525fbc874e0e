import type { ErrorCode } from '@mayur/rules/errors';
import { formatMoney, parseMoney, type Paise } from '@mayur/rules/money';
import { formatRupees } from '../../../shared/lib/money.ts';

// The arithmetic of the recharge and withdrawal forms. Rupees are bigint paise and USDT bigint
// hundredths (the wire's two decimals for both); nothing here touches a floating-point number.

/** Hundredths of a USDT: "12.34" USDT is 1234n. */
export type UsdtHundredths = bigint;

/** Rupees credited for a USDT amount at a rate in paise per USDT, rounded down to the paisa. */
export function usdtToRupeesPaise(usdt: UsdtHundredths, ratePaise: Paise): Paise {
  if (usdt <= 0n || ratePaise <= 0n) return 0n;
  return (usdt * ratePaise) / 100n;
}

/** USDT paid out for rupees at a rate in paise per USDT, rounded down to the hundredth; null without a rate. */
export function rupeesToUsdtHundredths(paise: Paise, ratePaise: Paise): UsdtHundredths | null {
  if (ratePaise <= 0n) return null;
  if (paise <= 0n) return 0n;
  return (paise * 100n) / ratePaise;
}

/** "12.34 USDT"; the figure has the wire's two decimals. */
export function formatUsdt(usdt: UsdtHundredths | string): string {
  const hundredths = typeof usdt === 'bigint' ? usdt : parseMoney(usdt);
  return hundredths === null ? '—' : `${formatMoney(hundredths)} USDT`;
}

/** A chip's or a limit's rupees without the ".00" of a whole amount: "₹1,000", but "₹99.50". */
export function formatRupeesShort(value: string | Paise): string {
  return formatRupees(value).replace(/\.00$/, '');
}

/**
 * What a person types into an amount field, kept to an amount's characters: digits and one decimal
 * point (a comma, which some keyboards offer instead, becomes a point), at most two decimals.
 */
export function cleanAmountInput(value: string): string {
  const text = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const pointIndex = text.indexOf('.');
  if (pointIndex === -1) return text;
  const whole = text.slice(0, pointIndex);
  const fraction = text
    .slice(pointIndex + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole === '' ? '0' : whole}.${fraction}`;
}

/** A typed amount in paise (or USDT hundredths), or null when it is not a positive amount. */
export function readAmount(value: string): bigint | null {
  const text = value.trim().replace(/\.$/, '');
  if (text === '') return null;
  const amount = parseMoney(text);
  return amount !== null && amount > 0n ? amount : null;
}

type Limits = { minAmount: string; maxAmount: string };

/** A typed amount against a minimum and maximum (wire text), refused with `outOfRangeCode` outside them. */
function checkAmountWithin(value: string, { minAmount, maxAmount }: Limits, outOfRangeCode: ErrorCode): ErrorCode | null {
  const amount = readAmount(value);
  if (amount === null) return 'AMOUNT_INVALID';
  const min = parseMoney(minAmount);
  const max = parseMoney(maxAmount);
  if (min !== null && amount < min) return outOfRangeCode;
  if (max !== null && max > 0n && amount > max) return outOfRangeCode;
  return null;
}

/** A bank/UPI recharge in rupees: within the method's limits, else "check recharge money". */
export function checkRechargeAmount(value: string, limits: Limits): ErrorCode | null {
  return checkAmountWithin(value, limits, 'RECHARGE_AMOUNT_INVALID');
}

/** A USDT recharge in USDT: within the USDT limits, else "check recharge money". */
export function checkUsdtRechargeAmount(value: string, limits: { minUsdt: string; maxUsdt: string }): ErrorCode | null {
  return checkAmountWithin(value, { minAmount: limits.minUsdt, maxAmount: limits.maxUsdt }, 'RECHARGE_AMOUNT_INVALID');
}

/**
 * A withdrawal in rupees: at least the minimum ("check exchange money"), no more than the balance
 * ("Insufficient balance") and no more than the maximum of one withdrawal.
 */
export function checkWithdrawAmount(value: string, limits: Limits & { balance: string }): ErrorCode | null {
  const amount = readAmount(value);
  if (amount === null) return 'AMOUNT_INVALID';
  const min = parseMoney(limits.minAmount);
  if (min !== null && amount < min) return 'WITHDRAW_AMOUNT_INVALID';
  const balance = parseMoney(limits.balance);
  if (balance === null || amount > balance) return 'INSUFFICIENT_BALANCE';
  const max = parseMoney(limits.maxAmount);
  if (max !== null && max > 0n && amount > max) return 'WITHDRAW_AMOUNT_INVALID';
  return null;
}

/** The "All" button's amount: the whole balance, or the maximum of one withdrawal when that is lower. */
export function allWithdrawableAmount(balance: string, maxAmount: string): string | null {
  const balancePaise = parseMoney(balance);
  if (balancePaise === null || balancePaise <= 0n) return null;
  const maxPaise = parseMoney(maxAmount);
  return formatMoney(maxPaise !== null && maxPaise > 0n && maxPaise < balancePaise ? maxPaise : balancePaise);
}
