import { describe, expect, it } from 'vitest';
import { kolkataDay, kolkataDayDigits, shiftDay } from './kolkata-day.ts';

describe('kolkataDay', () => {
  it('turns the day over at Kolkata midnight, not UTC midnight', () => {
    expect(kolkataDay(Date.UTC(2026, 10, 24, 18, 29, 59, 999))).toBe('2026-11-24');
    expect(kolkataDay(Date.UTC(2026, 10, 24, 18, 30))).toBe('2026-11-25');
    // 23:00 UTC on 31 December is already 1 January in Kolkata.
    expect(kolkataDay(Date.UTC(2026, 11, 31, 23, 0))).toBe('2027-01-01');
  });
});

describe('shiftDay', () => {
  it('crosses months, years and leap days', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-11-24', 0)).toBe('2026-11-24');
  });
});

describe('kolkataDayDigits', () => {
  it('names the Kolkata day, not the UTC one', () => {
    // 00:25 in Kolkata on the 29th is still the 28th in UTC.
    expect(kolkataDayDigits(Date.UTC(2026, 10, 28, 18, 55))).toBe('20261129');
    expect(kolkataDayDigits(Date.UTC(2026, 10, 28, 18, 29))).toBe('20261128');
  });
});
