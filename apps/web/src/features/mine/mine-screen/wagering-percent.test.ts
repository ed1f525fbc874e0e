import { describe, expect, it } from 'vitest';
import { wageringPercent } from './wagering-percent.ts';

describe('wageringPercent', () => {
  it('is the whole percent bet, rounded down so that only a met requirement fills the bar', () => {
    expect(wageringPercent('20.00', '50.00')).toBe(40);
    expect(wageringPercent('0.00', '50.00')).toBe(0);
    expect(wageringPercent('49.99', '50.00')).toBe(99);
    expect(wageringPercent('50.00', '50.00')).toBe(100);
    expect(wageringPercent('0.01', '1000000.00')).toBe(0);
  });

  it('is full when nothing is required and never leaves 0–100', () => {
    expect(wageringPercent('0.00', '0.00')).toBe(100);
    expect(wageringPercent('60.00', '50.00')).toBe(100);
    expect(wageringPercent('-1.00', '50.00')).toBe(0);
  });
});
