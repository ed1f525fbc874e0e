import { crashDelayMs, multiplierX100At, targetDelayMs } from '@mayur/rules/crash-curve';

// The crash round as a pure state machine with named timings (DESIGN.md §5): betting (7 s) → flying →
// crashed (short pause) → next round. Time is always passed in; nothing here reads a clock, so tests
// run a round in microseconds and every node decides the same way from the round's stored row.

export const CRASH_BETTING_MS = 7_000;
export const CRASH_PAUSE_MS = 3_000;

export type CrashPhase = 'betting' | 'flying' | 'crashed';

export type CrashRound = {
  crashPointX100: number;
  bettingStartsAtMs: number;
  /** Take-off: betting ends and the multiplier starts growing. */
  flyingAtMs: number;
  /** The first millisecond the curve reaches the crash point. */
  crashAtMs: number;
  nextRoundAtMs: number;
};

export type CrashBet = {
  stakePaise: bigint;
  autoCashoutX100: number | null;
  /** Set once the bet has cashed out (by hand or automatically). */
  cashedOutX100: number | null;
};

export type CashoutDecision =
  { isAccepted: true; multiplierX100: number } | { isAccepted: false; reason: 'not-flying' | 'crashed' | 'already-cashed-out' };

/** A round whose crash point is already fixed (from its chain) before betting opens. */
export function newRound(crashPointX100: number, bettingStartsAtMs: number): CrashRound {
  const flyingAtMs = bettingStartsAtMs + CRASH_BETTING_MS;
  const crashAtMs = flyingAtMs + crashDelayMs(crashPointX100);
  return { crashPointX100, bettingStartsAtMs, flyingAtMs, crashAtMs, nextRoundAtMs: crashAtMs + CRASH_PAUSE_MS };
}

export function phaseAt(round: CrashRound, nowMs: number): CrashPhase {
  if (nowMs < round.flyingAtMs) return 'betting';
  if (nowMs < round.crashAtMs) return 'flying';
  return 'crashed';
}

export function isOver(round: CrashRound, nowMs: number): boolean {
  return nowMs >= round.nextRoundAtMs;
}

/** A bet received while the round takes bets is for it; one received in flight waits for the next round. */
export function placementAt(round: CrashRound, receivedAtMs: number): 'this-round' | 'next-round' {
  return phaseAt(round, receivedAtMs) === 'betting' ? 'this-round' : 'next-round';
}

/** An automatic cash-out wins at exactly its target when the target is strictly below the crash point. */
export function autoCashoutWins(round: CrashRound, bet: CrashBet): boolean {
  return bet.autoCashoutX100 !== null && bet.autoCashoutX100 < round.crashPointX100;
}

/**
 * A manual cash-out, judged by the server's time of receipt: accepted only strictly before the crash
 * instant, at the multiplier of that instant (which is then below the crash point by construction).
 * A bet whose automatic target was reached earlier has already cashed out at that target.
 */
export function decideCashout(round: CrashRound, bet: CrashBet, receivedAtMs: number): CashoutDecision {
  if (bet.cashedOutX100 !== null) return { isAccepted: false, reason: 'already-cashed-out' };
  const phase = phaseAt(round, receivedAtMs);
  if (phase === 'betting') return { isAccepted: false, reason: 'not-flying' };
  if (phase === 'crashed') return { isAccepted: false, reason: 'crashed' };
  if (autoCashoutWins(round, bet) && round.flyingAtMs + targetDelayMs(bet.autoCashoutX100!) <= receivedAtMs) {
    return { isAccepted: false, reason: 'already-cashed-out' };
  }
  return { isAccepted: true, multiplierX100: multiplierX100At(receivedAtMs - round.flyingAtMs) };
}

/**
 * The published rule for a void round (no node was serving for part of its flight, decision 0008):
 * an open bet whose automatic target was below the crash point is paid at that target; every other
 * open bet is refunded. The crash point is never re-rolled. A round that was served throughout is
 * never void, however late it is settled: its open bets without a reached target lose.
 */
export function interruptedOutcome(
  round: CrashRound,
  bet: CrashBet,
): { kind: 'pay'; multiplierX100: number } | { kind: 'refund' } {
  if (bet.cashedOutX100 !== null) return { kind: 'pay', multiplierX100: bet.cashedOutX100 };
  return autoCashoutWins(round, bet) ? { kind: 'pay', multiplierX100: bet.autoCashoutX100! } : { kind: 'refund' };
}
