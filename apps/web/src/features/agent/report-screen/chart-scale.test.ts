import { describe, expect, it } from 'vitest';
import { barHeight, layoutTeamChart, niceAxisMaxPaise } from './chart-scale.ts';

describe('niceAxisMaxPaise', () => {
  it('rounds up to 1, 2 or 5 × 10ⁿ rupees, never below ₹100', () => {
    expect(niceAxisMaxPaise(0n)).toBe(10_000n);
    expect(niceAxisMaxPaise(30_000n)).toBe(50_000n); // ₹300 → ₹500
    expect(niceAxisMaxPaise(50_000n)).toBe(50_000n); // exactly ₹500 stays
    expect(niceAxisMaxPaise(50_001n)).toBe(100_000n); // ₹500.01 → ₹1,000
    expect(niceAxisMaxPaise(12_345_678n)).toBe(20_000_000n); // ₹1,23,456.78 → ₹2,00,000
    // Far beyond a float's exact range, still exact.
    expect(niceAxisMaxPaise(9_000_000_000_000_000_001n)).toBe(10_000_000_000_000_000_000n);
  });
});

describe('barHeight', () => {
  it('scales in proportion to the axis', () => {
    expect(barHeight(25_000n, 50_000n, 120)).toBe(60);
    expect(barHeight(50_000n, 50_000n, 120)).toBe(120);
    expect(barHeight(0n, 50_000n, 120)).toBe(0);
  });

  it('keeps a tiny amount visible and never passes the top', () => {
    expect(barHeight(1n, 100_000_000n, 120)).toBe(1);
    expect(barHeight(60_000n, 50_000n, 120)).toBe(120);
  });
});

describe('layoutTeamChart', () => {
  const days = [
    { day: '2026-11-22', rechargeAmount: '0.00', teamBetAmount: '0.00' },
    { day: '2026-11-23', rechargeAmount: '300.00', teamBetAmount: '150.00' },
    { day: '2026-11-24', rechargeAmount: '100.00', teamBetAmount: '500.00' },
  ];

  it('gives each day a deposits bar and a bets bar, side by side, oldest first', () => {
    const chart = layoutTeamChart(days, { width: 300, height: 100 });
    expect(chart.axisMaxPaise).toBe(50_000n);
    expect(chart.isFlat).toBe(false);
    expect(chart.bars.map((bar) => [bar.day, bar.series, bar.height])).toEqual([
      ['2026-11-22', 'deposits', 0],
      ['2026-11-22', 'bets', 0],
      ['2026-11-23', 'deposits', 60],
      ['2026-11-23', 'bets', 30],
      ['2026-11-24', 'deposits', 20],
      ['2026-11-24', 'bets', 100],
    ]);
    // Each day has a 100-unit slot; the pair takes 80 of it, centred.
    expect(chart.bars.slice(2, 4).map((bar) => [bar.x, bar.width])).toEqual([
      [110, 40],
      [150, 40],
    ]);
  });

  it('keeps every bar inside the chart for a quarter of days', () => {
    const quarter = Array.from({ length: 93 }, (_, index) => ({
      day: `d${index}`,
      rechargeAmount: `${index * 1000}.00`,
      teamBetAmount: `${index * 3000}.55`,
    }));
    const chart = layoutTeamChart(quarter, { width: 320, height: 140 });
    expect(chart.bars).toHaveLength(186);
    for (const bar of chart.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(320 + 1e-9);
      expect(bar.height).toBeLessThanOrEqual(140);
    }
  });

  it('reports a flat chart when nothing happened, and ignores unreadable amounts', () => {
    const chart = layoutTeamChart([{ day: '2026-11-24', rechargeAmount: '0.00', teamBetAmount: 'oops' }], {
      width: 100,
      height: 50,
    });
    expect(chart.isFlat).toBe(true);
    expect(chart.axisMaxPaise).toBe(10_000n);
    expect(chart.bars.every((bar) => bar.height === 0)).toBe(true);
  });
});
