import { describe, expect, it } from 'vitest';
import { formatRupees, toPaise } from './money.ts';

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees('1234567.89')).toBe('₹12,34,567.89');
    expect(formatRupees('100000.00')).toBe('₹1,00,000.00');
    expect(formatRupees('12345.00')).toBe('₹12,345.00');
    expect(formatRupees('1000.00')).toBe('₹1,000.00');
    expect(formatRupees('999.99')).toBe('₹999.99');
  });

  it('formats zero with two decimals', () => {
    expect(formatRupees('0.00')).toBe('₹0.00');
    expect(formatRupees(0n)).toBe('₹0.00');
  });

  it('puts the minus sign before the rupee sign', () => {
    expect(formatRupees('-5.00')).toBe('-₹5.00');
    expect(formatRupees('-1234567.89')).toBe('-₹12,34,567.89');
    expect(formatRupees(-5n)).toBe('-₹0.05');
  });

  it('formats large values exactly, without floating-point rounding', () => {
    expect(formatRupees('9999999999999999.99')).toBe('₹9,99,99,99,99,99,99,999.99');
    expect(formatRupees(123456789012345678n)).toBe('₹1,23,45,67,89,01,23,456.78');
  });

  it('pads one-decimal amounts and accepts paise', () => {
    expect(formatRupees('98.5')).toBe('₹98.50');
    expect(formatRupees(9800n)).toBe('₹98.00');
  });

  it('shows a dash for text that is not an amount', () => {
    expect(formatRupees('abc')).toBe('—');
    expect(formatRupees('1.234')).toBe('—');
    expect(formatRupees('')).toBe('—');
  });
});

describe('toPaise', () => {
  it('reads wire amounts into paise', () => {
    expect(toPaise('98.00')).toBe(9800n);
    expect(toPaise('-0.05')).toBe(-5n);
    expect(toPaise('x')).toBeNull();
  });
});

describe('signed statement amounts', () => {
  it('signs amounts on request and reads a leading plus', () => {
    expect(formatRupees('+50.00', { isSigned: true })).toBe('+₹50.00');
    expect(formatRupees('-12.00', { isSigned: true })).toBe('-₹12.00');
    expect(formatRupees('0.00', { isSigned: true })).toBe('₹0.00');
    expect(formatRupees('+1234567.00')).toBe('₹12,34,567.00');
    expect(toPaise('+0.05')).toBe(5n);
    expect(toPaise('+-5.00')).toBeNull();
  });
});
