import type { TAgentDay } from '@mayur/contracts';
import { toPaise } from '../../../shared/lib/money.ts';

export type ChartSeries = 'deposits' | 'bets';

export type ChartBar = {
  day: string;
  series: ChartSeries;
  valuePaise: bigint;
  /** In the chart's own units (its viewBox), measured from the start of the time axis and from the bottom. */
  x: number;
  width: number;
  height: number;
};

export type TeamChartLayout = {
  width: number;
  height: number;
  /** The top of the value axis: a round amount at or above the largest bar. */
  axisMaxPaise: bigint;
  bars: ChartBar[];
  /** True when every bar is zero: the chart would be a flat line. */
  isFlat: boolean;
};

const STEPS = [1n, 2n, 5n] as const;
/** The axis never tops out below ₹100, so a day of ₹3 does not fill the chart like a day of ₹3 lakh. */
const MIN_AXIS_PAISE = 10_000n;
/** Share of a day's slot the two bars take; the rest is the gap between days. */
const GROUP_SHARE = 0.8;

/** The smallest amount of the form 1, 2 or 5 × 10ⁿ rupees (at least ₹100) that is at least `maxPaise`. */
export function niceAxisMaxPaise(maxPaise: bigint): bigint {
  if (maxPaise <= MIN_AXIS_PAISE) return MIN_AXIS_PAISE;
  for (let magnitude = 100n; ; magnitude *= 10n) {
    for (const step of STEPS) if (step * magnitude >= maxPaise) return step * magnitude;
  }
}

/** A bar's height in chart units, scaled in integer paise; an amount above zero is never thinner than one unit. */
export function barHeight(valuePaise: bigint, axisMaxPaise: bigint, height: number): number {
  if (valuePaise <= 0n || axisMaxPaise <= 0n) return 0;
  // Thousandths of a unit keep the division in integers without losing visible precision.
  const scaled = Number((valuePaise * BigInt(height * 1000)) / axisMaxPaise) / 1000;
  return Math.min(height, Math.max(1, scaled));
}

function paiseOf(text: string): bigint {
  const paise = toPaise(text);
  return paise !== null && paise > 0n ? paise : 0n;
}

/**
 * Lays out the team's daily deposits and bets as pairs of bars, oldest day first, in a chart of
 * `width` × `height` units. Right-to-left reading is the view's business (it mirrors the drawing).
 */
export function layoutTeamChart(
  days: readonly TAgentDay[],
  { width, height }: { width: number; height: number },
): TeamChartLayout {
  const values = days.map((day) => ({
    day: day.day,
    deposits: paiseOf(day.rechargeAmount),
    bets: paiseOf(day.teamBetAmount),
  }));
  const largest = values.reduce((max, day) => [day.deposits, day.bets, max].reduce((a, b) => (a > b ? a : b)), 0n);
  const axisMaxPaise = niceAxisMaxPaise(largest);
  const slot = days.length > 0 ? width / days.length : width;
  const barWidth = (slot * GROUP_SHARE) / 2;
  const bars = values.flatMap((day, index) => {
    const start = index * slot + (slot * (1 - GROUP_SHARE)) / 2;
    return (['deposits', 'bets'] as const).map((series, seriesIndex) => ({
      day: day.day,
      series,
      valuePaise: day[series],
      x: start + seriesIndex * barWidth,
      width: barWidth,
      height: barHeight(day[series], axisMaxPaise, height),
    }));
  });
  return { width, height, axisMaxPaise, bars, isFlat: largest === 0n };
}
