import { describe, expect, it } from 'vitest';
import {
  AGENT_RANGE_MAX_DAYS,
  agentPeriodRange,
  agentRangeProblem,
  daysInRange,
  isAgentPeriod,
  isCalendarDay,
  isRegistrationRangeValid,
} from './agent-periods.ts';
import { kolkataDay, kolkataDayStartMs, shiftDay } from './kolkata-day.ts';

// 2026-11-24 is a Tuesday. 18:30Z is Kolkata midnight.
const tuesdayNoonKolkata = Date.UTC(2026, 10, 24, 6, 30);

describe('agentPeriodRange', () => {
  it('gives today and yesterday as single Kolkata days', () => {
    expect(agentPeriodRange('today', tuesdayNoonKolkata)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(agentPeriodRange('yesterday', tuesdayNoonKolkata)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('uses the Kolkata day even when UTC is still on the day before', () => {
    // 20:00Z on Monday 23 November is 01:30 on Tuesday 24 November in Kolkata.
    const mondayEveningUtc = Date.UTC(2026, 10, 23, 20, 0);
    expect(agentPeriodRange('today', mondayEveningUtc)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(agentPeriodRange('yesterday', mondayEveningUtc)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('starts the week on Monday, and on a Monday the week is that one day', () => {
    expect(agentPeriodRange('week', tuesdayNoonKolkata)).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    expect(agentPeriodRange('week', Date.UTC(2026, 10, 23, 6, 0))).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    // Sunday 29 November closes the week that began on Monday 23 November.
    expect(agentPeriodRange('week', Date.UTC(2026, 10, 29, 6, 0))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // A week may begin in the month before.
    expect(agentPeriodRange('week', Date.UTC(2026, 11, 2, 6, 0))).toEqual({ from: '2026-11-30', to: '2026-12-02' });
  });

  it('starts the month on its first Kolkata day', () => {
    expect(agentPeriodRange('month', tuesdayNoonKolkata)).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    // 19:00Z on 30 November is 1 December in Kolkata: the month is one day old.
    expect(agentPeriodRange('month', Date.UTC(2026, 10, 30, 19, 0))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('gives every named period a range the statistics accept', () => {
    for (let dayOffset = 0; dayOffset < 400; dayOffset += 1) {
      const nowMs = Date.UTC(2026, 0, 1, 3, 0) + dayOffset * 86_400_000;
      for (const period of ['today', 'yesterday', 'week', 'month'] as const) {
        const range = agentPeriodRange(period, nowMs);
        expect(agentRangeProblem(range, kolkataDay(nowMs)), `${period} at ${new Date(nowMs).toISOString()}`).toBeNull();
      }
    }
  });
});

describe('agentRangeProblem', () => {
  const today = '2026-11-24';

  it('accepts a range up to today and of at most the limit', () => {
    expect(agentRangeProblem({ from: '2026-11-01', to: today }, today)).toBeNull();
    expect(agentRangeProblem({ from: shiftDay(today, -(AGENT_RANGE_MAX_DAYS - 1)), to: today }, today)).toBeNull();
  });

  it('refuses reversed, future, too long and malformed ranges', () => {
    expect(agentRangeProblem({ from: '2026-11-10', to: '2026-11-09' }, today)).toBe('DATE_RANGE_INVALID');
    expect(agentRangeProblem({ from: '2026-11-24', to: '2026-11-25' }, today)).toBe('DATE_RANGE_INVALID');
    expect(agentRangeProblem({ from: shiftDay(today, -AGENT_RANGE_MAX_DAYS), to: today }, today)).toBe('DATE_RANGE_INVALID');
    expect(agentRangeProblem({ from: '2026-02-30', to: '2026-03-01' }, today)).toBe('DATE_RANGE_INVALID');
    expect(agentRangeProblem({ from: '', to: today }, today)).toBe('DATE_RANGE_INVALID');
  });
});

describe('the day rules', () => {
  it('knows real calendar days and counts both ends of a range', () => {
    for (const text of ['2026-11-24', '2028-02-29']) expect(isCalendarDay(text), text).toBe(true);
    for (const text of ['2026-02-29', '2026-13-01', '26-11-01', '2026-11-1', 'x', ''])
      expect(isCalendarDay(text), text).toBe(false);
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2025-12-31', '2026-03-02')).toBe(62);
    expect(kolkataDayStartMs('2026-11-25')).toBe(Date.UTC(2026, 10, 24, 18, 30));
    expect(kolkataDay(kolkataDayStartMs('2026-11-25'))).toBe('2026-11-25');
    expect(kolkataDay(kolkataDayStartMs('2026-11-25') - 1)).toBe('2026-11-24');
  });

  it('names the periods', () => {
    expect(isAgentPeriod('week')).toBe(true);
    expect(isAgentPeriod('custom')).toBe(false);
    expect(isAgentPeriod(undefined)).toBe(false);
  });
});

describe('isRegistrationRangeValid', () => {
  it('wants both days or neither, in order', () => {
    expect(isRegistrationRangeValid('', '')).toBe(true);
    expect(isRegistrationRangeValid('2026-11-01', '2026-11-01')).toBe(true);
    expect(isRegistrationRangeValid('2026-11-01', '')).toBe(false);
    expect(isRegistrationRangeValid('2026-11-02', '2026-11-01')).toBe(false);
    expect(isRegistrationRangeValid(undefined, undefined)).toBe(true);
    expect(isRegistrationRangeValid('2026-01-01', '2027-01-01')).toBe(true);
    expect(isRegistrationRangeValid('2026-01-01', '2027-01-02')).toBe(false);
    expect(isRegistrationRangeValid('2026-02-30', '2026-03-01')).toBe(false);
  });
});
