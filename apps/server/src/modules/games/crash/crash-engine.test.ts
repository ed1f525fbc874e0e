import { crashPointX100, roundDigest } from '@mayur/fairness';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRASH_BETTING_MS,
  CRASH_PAUSE_MS,
  decideCashout,
  interruptedOutcome,
  isOver,
  newRound,
  phaseAt,
  placementAt,
  type CrashBet,
} from './crash-engine.ts';

const T0 = 1_000_000;
const openBet = (autoCashoutX100: number | null = null): CrashBet => ({
  stakePaise: 10_000n,
  autoCashoutX100,
  cashedOutX100: null,
});

describe('crash round phases', () => {
  it('takes bets for 7 s, flies until the crash instant, pauses, then ends', () => {
    const round = newRound(200, T0);
    expect(round.flyingAtMs).toBe(T0 + CRASH_BETTING_MS);
    expect(round.crashAtMs).toBe(round.flyingAtMs + 11_553);
    expect(phaseAt(round, T0)).toBe('betting');
    expect(phaseAt(round, round.flyingAtMs - 1)).toBe('betting');
    expect(phaseAt(round, round.flyingAtMs)).toBe('flying');
    expect(phaseAt(round, round.crashAtMs - 1)).toBe('flying');
    expect(phaseAt(round, round.crashAtMs)).toBe('crashed');
    expect(isOver(round, round.crashAtMs + CRASH_PAUSE_MS - 1)).toBe(false);
    expect(isOver(round, round.crashAtMs + CRASH_PAUSE_MS)).toBe(true);
  });

  it('crashes at take-off when the crash point is 1.00×', () => {
    const round = newRound(100, T0);
    expect(round.crashAtMs).toBe(round.flyingAtMs);
    expect(decideCashout(round, openBet(), round.flyingAtMs)).toEqual({ isAccepted: false, reason: 'crashed' });
  });

  it('puts a bet received in flight, or after the crash, on the next round', () => {
    const round = newRound(500, T0);
    expect(placementAt(round, round.flyingAtMs - 1)).toBe('this-round');
    expect(placementAt(round, round.flyingAtMs)).toBe('next-round');
    expect(placementAt(round, round.crashAtMs + 10)).toBe('next-round');
  });
});

describe('cash-out', () => {
  const round = newRound(250, T0);

  it('accepts a cash-out one millisecond before the crash instant, below the crash point', () => {
    const decision = decideCashout(round, openBet(), round.crashAtMs - 1);
    expect(decision).toEqual({ isAccepted: true, multiplierX100: 249 });
  });

  it('refuses a cash-out at or after the crash instant, and before take-off', () => {
    expect(decideCashout(round, openBet(), round.crashAtMs)).toEqual({ isAccepted: false, reason: 'crashed' });
    expect(decideCashout(round, openBet(), round.crashAtMs + 5_000)).toEqual({ isAccepted: false, reason: 'crashed' });
    expect(decideCashout(round, openBet(), round.flyingAtMs - 1)).toEqual({ isAccepted: false, reason: 'not-flying' });
  });

  it('cashes a bet out at most once', () => {
    const bet = { ...openBet(), cashedOutX100: 180 };
    expect(decideCashout(round, bet, round.flyingAtMs + 100)).toEqual({ isAccepted: false, reason: 'already-cashed-out' });
  });

  it('settles an automatic cash-out at exactly its target only when the target is below the crash point', () => {
    expect(interruptedOutcome(round, openBet(249))).toEqual({ kind: 'pay', multiplierX100: 249 });
    expect(interruptedOutcome(round, openBet(250))).toEqual({ kind: 'refund' });
    // After the target was reached, the bet has already cashed out automatically.
    const afterTarget = round.flyingAtMs + 11_553;
    expect(decideCashout(round, openBet(200), afterTarget)).toEqual({ isAccepted: false, reason: 'already-cashed-out' });
    expect(decideCashout(round, openBet(200), afterTarget - 1).isAccepted).toBe(true);
    // A target at the crash point never fires, so a manual cash-out before the crash still counts.
    expect(decideCashout(round, openBet(250), round.crashAtMs - 1).isAccepted).toBe(true);
  });
});

describe('many seeded rounds', () => {
  it('accepts a manual cash-out exactly when it arrives before the crash, always below the crash point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 200_000 }), (roundNumber, afterTakeoffMs) => {
        const seed = createHash('sha256').update(`crash-round-${roundNumber}`).digest('hex');
        const round = newRound(crashPointX100(roundDigest(seed, 'engine-test-salt')), T0);
        const receivedAtMs = round.flyingAtMs + afterTakeoffMs;
        const decision = decideCashout(round, openBet(), receivedAtMs);
        if (receivedAtMs < round.crashAtMs) {
          return decision.isAccepted && decision.multiplierX100 < round.crashPointX100 && decision.multiplierX100 >= 100;
        }
        return !decision.isAccepted && decision.reason === 'crashed';
      }),
      { numRuns: 5_000 },
    );
  });
});
