import { CRASH_ROOMS } from '@mayur/rules/crash-rooms';
import { crashWinPaise } from '@mayur/rules/crash-rules';
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
    const maxWin = CRASH_ROOMS.limbo.maxWinPaise;
    expect(winPaise(1_000n, 101, maxWin)).toBe(1_010n);
    expect(winPaise(333n, 150, maxWin)).toBe(499n);
    expect(winPaise(110n, 100, maxWin)).toBe(110n);
  });

  it("shows no more than the room pays: the live win stops at the room's maximum win", () => {
    // ₹2,000 at 10 000× is ₹2 crore, but Aviator 1 pays at most ₹2 lakh per bet.
    const room = CRASH_ROOMS.limbo1;
    expect(winPaise(room.maxBetPaise, 1_000_000, room.maxWinPaise)).toBe(20_000_000n);
    expect(winPaise(room.maxBetPaise, 10_001, room.maxWinPaise)).toBe(20_000_000n);
    expect(winPaise(room.maxBetPaise, 9_999, room.maxWinPaise)).toBe(19_998_000n);
  });

  it("is the contracts' crash win, the function the server pays with", () => {
    expect(winPaise).toBe(crashWinPaise);
  });

  it('takes off by the server start time and ends only with the crash', () => {
    expect(derivePhase(undefined, 0)).toBe('waiting');
    expect(derivePhase(round, 7_999)).toBe('betting');
    expect(derivePhase(round, 8_000)).toBe('flying');
    expect(derivePhase({ ...round, phase: 'flying' }, 7_000)).toBe('flying');
    expect(derivePhase({ ...round, phase: 'crashed', crashPointX100: 150 }, 9_000)).toBe('crashed');
  });
});
