import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  const now = new Date(2026, 10, 21, 12, 0);
  // ICU versions differ in which space they put before "PM"; the test is about the fields shown.
  const format = (date: Date, locale: string) => formatDateTime(date.toISOString(), locale, now).replace(/\s/g, ' ');

  it('leaves out the year of this year and shows an earlier one', () => {
    expect(format(new Date(2026, 10, 21, 21, 17), 'en-US')).toBe('Nov 21, 9:17 PM');
    expect(format(new Date(2025, 11, 31, 23, 59), 'en-US')).toBe('Dec 31, 2025, 11:59 PM');
  });

  it('follows the locale', () => {
    expect(format(new Date(2026, 10, 21, 21, 17), 'fr')).toBe('21 nov., 21:17');
  });

  it('keeps text that is not a date as it is', () => {
    expect(formatDateTime('not a date', 'en-US', now)).toBe('not a date');
  });
});
