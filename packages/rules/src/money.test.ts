import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMATTED_MONEY_PATTERN, formatMoney, parseCanonicalMoney, parseMoney } from './money.ts';

describe('money on the wire', () => {
  it('parses decimal text and numbers with at most two places into paise', () => {
    expect(parseMoney('98')).toBe(9800n);
    expect(parseMoney('98.5')).toBe(9850n);
    expect(parseMoney(' 1.10 ')).toBe(110n);
    expect(parseMoney(0.1)).toBe(10n);
    expect(parseMoney('9999999999999999.99')).toBe(999999999999999999n);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '1.234',
      '-1',
      '01',
      '1e3',
      'NaN',
      'Infinity',
      '١٢',
      '1,000',
      '.5',
      '5.',
      null,
      undefined,
      {},
      [],
      Number.NaN,
      Infinity,
      1.005,
      -2,
    ]) {
      expect(parseMoney(bad)).toBeNull();
    }
  });

  it('parses machine messages strictly: only the text formatMoney writes', () => {
    expect(parseCanonicalMoney('500.00')).toBe(50_000n);
    expect(parseCanonicalMoney('0.01')).toBe(1n);
    expect(parseCanonicalMoney('0.00')).toBe(0n);
    for (const loose of [
      '0000000000001.00',
      '01.00',
      '00.01',
      '500',
      '500.0',
      '500.000',
      ' 500.00',
      '500.00 ',
      '+500.00',
      '-5.00',
      '5e2',
      '',
      500,
      500n,
      null,
      undefined,
    ]) {
      expect(parseCanonicalMoney(loose), String(loose)).toBeNull();
    }
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), (paise) => parseCanonicalMoney(formatMoney(paise)) === paise));
  });

  it('formats paise with two decimals, including negatives', () => {
    expect(formatMoney(0n)).toBe('0.00');
    expect(formatMoney(9800n)).toBe('98.00');
    expect(formatMoney(5n)).toBe('0.05');
    expect(formatMoney(-5n)).toBe('-0.05');
    expect(formatMoney(123456789n)).toBe('1234567.89');
  });

  it('round-trips every amount exactly', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), (paise) => parseMoney(formatMoney(paise)) === paise));
  });
});

describe('the formatted money pattern', () => {
  it('matches what formatMoney writes and nothing with leading zeros or missing decimals', () => {
    for (const paise of [0n, 5n, -5n, 9_800n, 1_000_000_000n])
      expect(FORMATTED_MONEY_PATTERN.test(formatMoney(paise))).toBe(true);
    for (const text of ['007.00', '98', '98.0', '+1.00', '1.000', '-01.00'])
      expect(FORMATTED_MONEY_PATTERN.test(text), text).toBe(false);
  });
});
