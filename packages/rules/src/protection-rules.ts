// Player protection's rules as the server enforces them and the browser shows them (decision 0022):
// limit periods and when they reset, how long a limit change waits, the time-out and
// self-exclusion lengths, the reality-check choices and the autoplay bounds. Dependency-free (no zod),
// so the web app may use it at runtime.

import { kolkataDay, kolkataDayStartMs, shiftDay } from './kolkata-day.ts';

/** What a limit caps: money paid in by completed recharges, or net losses (stakes − wins). */
export const PROTECTION_LIMIT_KINDS = ['deposit', 'loss'] as const;
export type ProtectionLimitKind = (typeof PROTECTION_LIMIT_KINDS)[number];

/**
 * The periods a limit counts over, all in Asia/Kolkata time: a calendar day, an ISO week (Monday to
 * Sunday) and a calendar month. A period resets at Kolkata midnight of the next day, Monday or 1st.
 */
export const PROTECTION_PERIODS = ['day', 'week', 'month'] as const;
export type ProtectionPeriod = (typeof PROTECTION_PERIODS)[number];

/** An increase or removal of a limit may be confirmed this long after it was asked for, not before. */
export const LIMIT_CHANGE_DELAY_MS = 24 * 3_600_000;

/** Time-out lengths (hours, days). */
export const TIMEOUT_DURATIONS = ['24h', '7d', '30d'] as const;
export type TimeoutDuration = (typeof TIMEOUT_DURATIONS)[number];
/** Self-exclusion lengths (months, years). */
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '5y'] as const;
export type SelfExclusionDuration = (typeof SELF_EXCLUSION_DURATIONS)[number];

export const EXCLUSION_KINDS = ['timeout', 'self-exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];
export type ExclusionDuration = TimeoutDuration | SelfExclusionDuration;

/** Reality-check intervals a player may choose, in minutes; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/** Crash autoplay (repeated automatic bets, run by the browser) stops after at most this many rounds. */
export const AUTOPLAY_MAX_ROUNDS = 100;

/**
 * Why autoplay cannot start, or null when it can: at most AUTOPLAY_MAX_ROUNDS rounds (a whole number
 * from 1), and only for a player who has a loss limit of any period in force.
 */
export function autoplayProblem(
  rounds: number,
  hasLossLimit: boolean,
): 'AUTOPLAY_ROUNDS_INVALID' | 'AUTOPLAY_NEEDS_LOSS_LIMIT' | null {
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > AUTOPLAY_MAX_ROUNDS) return 'AUTOPLAY_ROUNDS_INVALID';
  if (!hasLossLimit) return 'AUTOPLAY_NEEDS_LOSS_LIMIT';
  return null;
}

/** The instant an exclusion of `duration` started at `startMs` ends (months and years on the UTC calendar). */
export function exclusionEndMs(duration: ExclusionDuration, startMs: number): number {
  const hourMs = 3_600_000;
  const addMonths = (months: number) => {
    const start = new Date(startMs);
    const end = new Date(startMs);
    end.setUTCMonth(start.getUTCMonth() + months);
    // 31 August + 6 months is 28/29 February, not 3 March.
    if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0);
    return end.getTime();
  };
  switch (duration) {
    case '24h':
      return startMs + 24 * hourMs;
    case '7d':
      return startMs + 7 * 24 * hourMs;
    case '30d':
      return startMs + 30 * 24 * hourMs;
    case '6m':
      return addMonths(6);
    case '1y':
      return addMonths(12);
    case '5y':
      return addMonths(60);
  }
}

/** The kind of exclusion a duration belongs to. */
export function exclusionKindOf(duration: ExclusionDuration): ExclusionKind {
  return (TIMEOUT_DURATIONS as readonly string[]).includes(duration) ? 'timeout' : 'self-exclusion';
}

/** The Kolkata days (`YYYY-MM-DD`, both ends counted) of the period that contains `nowMs`. */
export function protectionPeriodDays(period: ProtectionPeriod, nowMs: number): { from: string; to: string } {
  const today = kolkataDay(nowMs);
  switch (period) {
    case 'day':
      return { from: today, to: today };
    case 'week': {
      const daysSinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = shiftDay(today, -daysSinceMonday);
      return { from: monday, to: shiftDay(monday, 6) };
    }
    case 'month': {
      const first = `${today.slice(0, 8)}01`;
      const nextFirst = new Date(Date.parse(`${first}T00:00:00Z`));
      nextFirst.setUTCMonth(nextFirst.getUTCMonth() + 1);
      return { from: first, to: shiftDay(nextFirst.toISOString().slice(0, 10), -1) };
    }
  }
}

/** The instant the period containing `nowMs` ends and its count starts again from zero. */
export function protectionPeriodResetsAtMs(period: ProtectionPeriod, nowMs: number): number {
  return kolkataDayStartMs(shiftDay(protectionPeriodDays(period, nowMs).to, 1));
}

/** Whether changing a limit from `currentPaise` (null: none) to `nextPaise` (null: none) takes effect at once. */
export function isLimitChangeImmediate(currentPaise: bigint | null, nextPaise: bigint | null): boolean {
  if (currentPaise === null) return nextPaise !== null;
  return nextPaise !== null && nextPaise <= currentPaise;
}

/**
 * What a refusal for a limit carries beside its code (`details` of the refusal envelope), so the app
 * can say which limit and when it resets. Money as two-decimal text, times as ISO 8601.
 */
export type LimitRefusalDetails = {
  kind: ProtectionLimitKind;
  period: ProtectionPeriod;
  /** The limit in force. */
  limit: string;
  /** What the period has counted so far (deposits, or net losses), before the refused request. */
  used: string;
  resetsAt: string;
};
/** What a refusal during a time-out or self-exclusion carries: which one and when it ends. */
export type ExclusionRefusalDetails = { exclusion: ExclusionKind; endsAt: string };
export type RefusalDetails = LimitRefusalDetails | ExclusionRefusalDetails;
