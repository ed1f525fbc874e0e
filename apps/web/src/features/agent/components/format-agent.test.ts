import { describe, expect, it } from 'vitest';
import { formatDay, formatInterval, formatRateBp } from './format-agent.ts';

describe('formatRateBp', () => {
  it('shows basis points as a percentage with two decimals', () => {
    expect(formatRateBp(0)).toBe('0.00%');
    expect(formatRateBp(5)).toBe('0.05%');
    expect(formatRateBp(60)).toBe('0.60%');
    expect(formatRateBp(100)).toBe('1.00%');
    expect(formatRateBp(1250)).toBe('12.50%');
  });
});

describe('formatDay', () => {
  it('keeps the calendar day whatever the device time zone', () => {
    expect(formatDay('2026-11-24', 'en-US')).toBe('Nov 24, 2026');
    expect(formatDay('2026-01-01', 'en-US', { hasYear: false })).toBe('Jan 1');
  });

  it('returns text that is not a day unchanged', () => {
    expect(formatDay('soon', 'en-US')).toBe('soon');
  });
});

describe('formatInterval', () => {
  it('uses minutes for whole minutes and seconds otherwise', () => {
    expect(formatInterval(300, 'en-US')).toBe('5 minutes');
    expect(formatInterval(60, 'en-US')).toBe('1 minute');
    expect(formatInterval(90, 'en-US')).toBe('90 seconds');
    expect(formatInterval(1, 'en-US')).toBe('1 second');
  });
});
