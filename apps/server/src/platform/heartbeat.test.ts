import { describe, expect, it } from 'vitest';
import { coversSpan, HEARTBEAT_TOLERANCE_MS } from './heartbeat.ts';

const interval = (startedAtMs: number, lastBeatAtMs: number) => ({ startedAtMs, lastBeatAtMs });

describe('whether heartbeat intervals cover a flight', () => {
  it('covers a span inside one interval, counting the tolerance after its last beat', () => {
    expect(coversSpan([interval(0, 10_000)], 1_000, 10_000 + HEARTBEAT_TOLERANCE_MS)).toBe(true);
    expect(coversSpan([interval(0, 10_000)], 1_000, 10_000 + HEARTBEAT_TOLERANCE_MS + 1)).toBe(false);
  });

  it('does not cover a span that starts before the first interval', () => {
    expect(coversSpan([interval(5_000, 20_000)], 4_999, 10_000)).toBe(false);
    expect(coversSpan([], 0, 0)).toBe(false);
  });

  it('joins intervals of one or several nodes that overlap or meet within the tolerance, in any order', () => {
    const handOver = [interval(9_000 + HEARTBEAT_TOLERANCE_MS, 30_000), interval(0, 9_000)];
    expect(coversSpan(handOver, 1_000, 30_000)).toBe(true);
    const otherNodeBridges = [interval(0, 5_000), interval(20_000, 40_000), interval(4_000, 21_000)];
    expect(coversSpan(otherNodeBridges, 1_000, 40_000)).toBe(true);
  });

  it('finds a gap longer than the tolerance anywhere in the span', () => {
    const restarted = [interval(0, 9_000), interval(9_001 + HEARTBEAT_TOLERANCE_MS, 30_000)];
    expect(coversSpan(restarted, 1_000, 30_000)).toBe(false);
    // The same gap outside the span does not matter.
    expect(coversSpan(restarted, 12_500, 30_000)).toBe(true);
  });
});
