import { describe, expect, it } from 'vitest';
import {
  autoplayProblem,
  exclusionEndMs,
  exclusionKindOf,
  isLimitChangeImmediate,
  protectionPeriodDays,
  protectionPeriodResetsAtMs,
} from './protection-rules.ts';

// Wednesday 24 November 2026, 23:00 in Kolkata (17:30 UTC).
const NOW = Date.UTC(2026, 10, 24, 17, 30);

describe('protection periods (Asia/Kolkata)', () => {
  it('are the Kolkata day, the ISO week from Monday and the calendar month', () => {
    expect(protectionPeriodDays('day', NOW)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(protectionPeriodDays('week', NOW)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(protectionPeriodDays('month', NOW)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(protectionPeriodDays('month', Date.UTC(2028, 1, 10))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reset at Kolkata midnight (18:30 UTC the evening before)', () => {
    expect(new Date(protectionPeriodResetsAtMs('day', NOW)).toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(new Date(protectionPeriodResetsAtMs('week', NOW)).toISOString()).toBe('2026-11-29T18:30:00.000Z');
    expect(new Date(protectionPeriodResetsAtMs('month', NOW)).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    // 00:30 in Kolkata on the 25th is already the next day.
    expect(protectionPeriodDays('day', Date.UTC(2026, 10, 24, 19, 0)).from).toBe('2026-11-25');
  });
});

describe('limit changes', () => {
  it('apply at once when first set or lowered, and wait when raised or removed', () => {
    expect(isLimitChangeImmediate(null, 100n)).toBe(true);
    expect(isLimitChangeImmediate(500n, 100n)).toBe(true);
    expect(isLimitChangeImmediate(500n, 500n)).toBe(true);
    expect(isLimitChangeImmediate(500n, 501n)).toBe(false);
    expect(isLimitChangeImmediate(500n, null)).toBe(false);
  });
});

describe('exclusions', () => {
  it('end after their length, months on the calendar', () => {
    const start = Date.UTC(2026, 7, 31, 10);
    expect(exclusionEndMs('24h', start) - start).toBe(86_400_000);
    expect(exclusionEndMs('7d', start) - start).toBe(7 * 86_400_000);
    expect(exclusionEndMs('30d', start) - start).toBe(30 * 86_400_000);
    expect(new Date(exclusionEndMs('6m', start)).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(new Date(exclusionEndMs('1y', start)).toISOString()).toBe('2027-08-31T10:00:00.000Z');
    expect(new Date(exclusionEndMs('5y', start)).toISOString()).toBe('2031-08-31T10:00:00.000Z');
    expect(exclusionKindOf('30d')).toBe('timeout');
    expect(exclusionKindOf('6m')).toBe('self-exclusion');
  });
});

describe('autoplay', () => {
  it('runs 1 to 100 rounds and only with a loss limit', () => {
    expect(autoplayProblem(100, true)).toBeNull();
    expect(autoplayProblem(1, true)).toBeNull();
    expect(autoplayProblem(101, true)).toBe('AUTOPLAY_ROUNDS_INVALID');
    expect(autoplayProblem(0, true)).toBe('AUTOPLAY_ROUNDS_INVALID');
    expect(autoplayProblem(2.5, true)).toBe('AUTOPLAY_ROUNDS_INVALID');
    expect(autoplayProblem(10, false)).toBe('AUTOPLAY_NEEDS_LOSS_LIMIT');
  });
});
