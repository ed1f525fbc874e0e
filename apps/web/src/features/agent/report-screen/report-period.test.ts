import { describe, expect, it } from 'vitest';
import { reportSearchParams, reportSelection } from './report-period.ts';

// 06:30Z on Tuesday 24 November 2026 is noon in Kolkata; 20:00Z on Monday 23 is already Tuesday there.
const tuesdayNoon = Date.UTC(2026, 10, 24, 6, 30);
const mondayNightUtc = Date.UTC(2026, 10, 23, 20, 0);

function select(query: string, nowMs = tuesdayNoon) {
  return reportSelection(new URLSearchParams(query), nowMs);
}

describe('reportSelection', () => {
  it('opens on today, in Kolkata, when the address names no period', () => {
    expect(select('')).toMatchObject({ period: 'today', range: { from: '2026-11-24', to: '2026-11-24' } });
    expect(select('', mondayNightUtc)).toMatchObject({ period: 'today', range: { from: '2026-11-24', to: '2026-11-24' } });
    expect(select('period=fortnight')).toMatchObject({ period: 'today' });
  });

  it('reads the named periods', () => {
    expect(select('period=yesterday').range).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(select('period=week').range).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    expect(select('period=month').range).toEqual({ from: '2026-11-01', to: '2026-11-24' });
  });

  it('takes a valid custom range as it is', () => {
    expect(select('period=custom&from=2026-10-01&to=2026-10-31')).toEqual({
      period: 'custom',
      range: { from: '2026-10-01', to: '2026-10-31' },
      customFrom: '2026-10-01',
      customTo: '2026-10-31',
      isRangeInvalid: false,
    });
  });

  it('asks for nothing while a custom range is reversed, in the future, too long or missing', () => {
    for (const query of [
      'period=custom&from=2026-10-31&to=2026-10-01',
      'period=custom&from=2026-11-24&to=2026-11-25',
      'period=custom&from=2026-01-01&to=2026-11-24',
      'period=custom',
    ]) {
      expect(select(query), query).toMatchObject({ period: 'custom', range: null, isRangeInvalid: true });
    }
  });
});

describe('reportSearchParams', () => {
  it('writes today as a bare address and a custom range with its days', () => {
    expect(reportSearchParams('today')).toEqual({});
    expect(reportSearchParams('week')).toEqual({ period: 'week' });
    expect(reportSearchParams('custom', { from: '2026-11-01', to: '2026-11-02' })).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-02',
    });
  });

  it('round-trips through reportSelection', () => {
    const params = new URLSearchParams(reportSearchParams('custom', { from: '2026-11-01', to: '2026-11-20' }));
    expect(reportSelection(params, tuesdayNoon).range).toEqual({ from: '2026-11-01', to: '2026-11-20' });
  });
});
