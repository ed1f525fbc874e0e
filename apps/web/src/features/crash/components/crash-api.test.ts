import { describe, expect, it } from 'vitest';
import { formatMultiplier, isolatedMultiplier, winPaise } from './crash-api.ts';
import { derivePhase } from './use-crash-round.ts';
import type { CrashRound } from './crash-api.ts';

const round: CrashRound = {
  room: 'limbo',
  roundId: '1',
  phase: 'betting',
  bettingStartsAtMs: 1_000,
  flyingAtMs: 8_000,
  crashAtMs: null,
  crashPointX100: null,
  serverTimeMs: 1_000,
  minBet: '1.10',
  maxBet: '10000.00',
  maxWin: '1000000.00',
  recent: [],
};

describe('crash helpers', () => {
  it('formats hundredths as a multiplier without floating point', () => {
    expect(formatMultiplier(100)).toBe('1.00×');
    expect(formatMultiplier(237)).toBe('2.37×');
    expect(formatMultiplier(1_000_000)).toBe('10000.00×');
    expect(isolatedMultiplier(205)).toBe('\u20662.05×\u2069');
  });

  it('rounds the live win down as the server does', () => {
    expect(winPaise(1_000n, 101)).toBe(1_010n);
    expect(winPaise(333n, 150)).toBe(499n);
    expect(winPaise(110n, 100)).toBe(110n);
  });

  it('takes off by the server start time and ends only with the crash', () => {
    expect(derivePhase(undefined, 0)).toBe('waiting');
    expect(derivePhase(round, 7_999)).toBe('betting');
    expect(derivePhase(round, 8_000)).toBe('flying');
    expect(derivePhase({ ...round, phase: 'flying' }, 7_000)).toBe('flying');
    expect(derivePhase({ ...round, phase: 'crashed', crashPointX100: 150 }, 9_000)).toBe('crashed');
  });
});
