import { describe, expect, it } from 'vitest';
import {
  allWithdrawableAmount,
  checkRechargeAmount,
  checkUsdtRechargeAmount,
  checkWithdrawAmount,
  cleanAmountInput,
  formatRupeesShort,
  formatUsdt,
  readAmount,
  rupeesToUsdtHundredths,
  usdtToRupeesPaise,
} from './cash-amounts.ts';

describe('USDT and rupees', () => {
  it('credits usdt × rate, rounded down to the paisa', () => {
    expect(usdtToRupeesPaise(1000n, 9000n)).toBe(90_000n); // 10.00 USDT at ₹90.00 = ₹900.00
    expect(usdtToRupeesPaise(1n, 8_333n)).toBe(83n); // 0.01 USDT at ₹83.33 = ₹0.8333 → ₹0.83
    expect(usdtToRupeesPaise(1234n, 8_765n)).toBe(108_160n); // 12.34 × 87.65 = 1081.601 → ₹1081.60
  });

  it('credits nothing for nothing or without a rate', () => {
    expect(usdtToRupeesPaise(0n, 9000n)).toBe(0n);
    expect(usdtToRupeesPaise(1000n, 0n)).toBe(0n);
  });

  it('pays out paise ÷ rate in USDT hundredths, rounded down', () => {
    expect(rupeesToUsdtHundredths(100_300n, 9000n)).toBe(1114n); // ₹1003.00 at ₹90.00 = 11.144… → 11.14
    expect(rupeesToUsdtHundredths(9000n, 9000n)).toBe(100n);
    expect(rupeesToUsdtHundredths(8999n, 9000n)).toBe(99n);
    expect(rupeesToUsdtHundredths(0n, 9000n)).toBe(0n);
    expect(rupeesToUsdtHundredths(9000n, 0n)).toBeNull();
  });

  it('keeps exact figures far beyond floating-point precision', () => {
    expect(usdtToRupeesPaise(999_999_999_999_999n, 9_999n)).toBe(99_989_999_999_999_900n);
  });

  it('formats USDT with two decimals', () => {
    expect(formatUsdt(1114n)).toBe('11.14 USDT');
    expect(formatUsdt('10.5')).toBe('10.50 USDT');
    expect(formatUsdt('x')).toBe('—');
  });
});

describe('formatRupeesShort', () => {
  it('drops the paise of whole rupees only', () => {
    expect(formatRupeesShort('1000.00')).toBe('₹1,000');
    expect(formatRupeesShort('99.50')).toBe('₹99.50');
    expect(formatRupeesShort(10_000_000n)).toBe('₹1,00,000');
  });
});

describe('amount input', () => {
  it('keeps digits and one decimal point with at most two decimals', () => {
    expect(cleanAmountInput('1,000.505')).toBe('1.00');
    expect(cleanAmountInput('₹ 250')).toBe('250');
    expect(cleanAmountInput('12,5')).toBe('12.5');
    expect(cleanAmountInput('.5')).toBe('0.5');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('100.')).toBe('100.');
  });

  it('reads positive amounts only', () => {
    expect(readAmount('100.')).toBe(10_000n);
    expect(readAmount(' 99.5 ')).toBe(9950n);
    expect(readAmount('0')).toBeNull();
    expect(readAmount('')).toBeNull();
    expect(readAmount('1e3')).toBeNull();
  });
});

describe('checkRechargeAmount', () => {
  const limits = { minAmount: '100.00', maxAmount: '50000.00' };

  it('accepts the limits themselves', () => {
    expect(checkRechargeAmount('100', limits)).toBeNull();
    expect(checkRechargeAmount('50000.00', limits)).toBeNull();
  });

  it('refuses amounts outside the limits with "check recharge money"', () => {
    expect(checkRechargeAmount('99.99', limits)).toBe('RECHARGE_AMOUNT_INVALID');
    expect(checkRechargeAmount('50000.01', limits)).toBe('RECHARGE_AMOUNT_INVALID');
  });

  it('refuses what is not an amount', () => {
    expect(checkRechargeAmount('', limits)).toBe('AMOUNT_INVALID');
    expect(checkRechargeAmount('0', limits)).toBe('AMOUNT_INVALID');
    expect(checkRechargeAmount('abc', limits)).toBe('AMOUNT_INVALID');
  });
});

describe('checkUsdtRechargeAmount', () => {
  it('compares USDT with the USDT limits', () => {
    const limits = { minUsdt: '10.00', maxUsdt: '10000.00' };
    expect(checkUsdtRechargeAmount('10', limits)).toBeNull();
    expect(checkUsdtRechargeAmount('9.99', limits)).toBe('RECHARGE_AMOUNT_INVALID');
    expect(checkUsdtRechargeAmount('10000.01', limits)).toBe('RECHARGE_AMOUNT_INVALID');
  });
});

describe('checkWithdrawAmount', () => {
  const limits = { minAmount: '230.00', maxAmount: '50000.00', balance: '1000.00' };

  it('accepts an amount between the minimum and the balance', () => {
    expect(checkWithdrawAmount('230', limits)).toBeNull();
    expect(checkWithdrawAmount('1000.00', limits)).toBeNull();
  });

  it('refuses less than the minimum with "check exchange money"', () => {
    expect(checkWithdrawAmount('229.99', limits)).toBe('WITHDRAW_AMOUNT_INVALID');
    expect(checkWithdrawAmount('1002', { ...limits, minAmount: '1003.00', balance: '5000.00' })).toBe('WITHDRAW_AMOUNT_INVALID');
  });

  it('refuses more than the balance', () => {
    expect(checkWithdrawAmount('1000.01', limits)).toBe('INSUFFICIENT_BALANCE');
  });

  it('refuses more than one withdrawal may carry', () => {
    expect(checkWithdrawAmount('600', { ...limits, maxAmount: '500.00' })).toBe('WITHDRAW_AMOUNT_INVALID');
  });

  it('refuses what is not an amount', () => {
    expect(checkWithdrawAmount('', limits)).toBe('AMOUNT_INVALID');
    expect(checkWithdrawAmount('-5', limits)).toBe('AMOUNT_INVALID');
  });
});

describe('allWithdrawableAmount', () => {
  it('is the balance, capped at the maximum', () => {
    expect(allWithdrawableAmount('1000.5', '50000.00')).toBe('1000.50');
    expect(allWithdrawableAmount('90000.00', '50000.00')).toBe('50000.00');
    expect(allWithdrawableAmount('0.00', '50000.00')).toBeNull();
  });
});
