// The agent programme's rules of Asia/Kolkata calendar days and team depth, as the server, the
// schemas of agent.ts and the browser all read them. Dependency-free (no zod), so the web app may use
// it at runtime, which it may not do with agent.ts (apps/web/vite.config.ts keeps zod out of the bundle).

import { DAY_MS, kolkataDay, shiftDay } from './kolkata-day.ts';

/** Longest period the agent statistics answer for, in days (a quarter and a bit). */
export const AGENT_RANGE_MAX_DAYS = 93;
/** Longest registration-day range of the subordinates list, in days. */
export const AGENT_SUBORDINATE_RANGE_MAX_DAYS = 366;
/** Agent levels are decided on the team's figures of this many days, ending with the day being paid. */
export const AGENT_LEVEL_WINDOW_DAYS = 30;
/** The deepest team member: depth 1 is a direct subordinate, the team is depths 1 to this. */
export const AGENT_TEAM_MAX_DEPTH = 6;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** Whole days from `from` to `to`, both counted (`2026-11-01`..`2026-11-01` is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Whether a registration-day range of the subordinates list can be asked for: neither day (no
 * filter), or two real days in order spanning at most AGENT_SUBORDINATE_RANGE_MAX_DAYS.
 */
export function isRegistrationRangeValid(from: string | undefined, to: string | undefined): boolean {
  if (!from && !to) return true;
  if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to) || from > to) return false;
  return daysInRange(from, to) <= AGENT_SUBORDINATE_RANGE_MAX_DAYS;
}

/** The named periods of the report; a custom range is any other valid {from, to}. */
export const AGENT_PERIODS = ['today', 'yesterday', 'week', 'month'] as const;
export type AgentPeriod = (typeof AGENT_PERIODS)[number];

export type AgentDayRange = { from: string; to: string };

export function isAgentPeriod(value: unknown): value is AgentPeriod {
  return typeof value === 'string' && (AGENT_PERIODS as readonly string[]).includes(value);
}

/**
 * The days of a named period at the moment `nowMs`, ending today in Kolkata (yesterday ends
 * yesterday). A week starts on Monday (ISO 8601), a month on its first day.
 */
export function agentPeriodRange(period: AgentPeriod, nowMs: number): AgentDayRange {
  const today = kolkataDay(nowMs);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = shiftDay(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'week': {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
      const daysSinceMonday = (weekday + 6) % 7;
      return { from: shiftDay(today, -daysSinceMonday), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/**
 * Why a range of the agent statistics cannot be asked for, or null when it can: both ends real days,
 * `from` not after `to`, `to` not after `today` (Kolkata), and at most AGENT_RANGE_MAX_DAYS days.
 */
export function agentRangeProblem(range: AgentDayRange, today: string): 'DATE_RANGE_INVALID' | null {
  const { from, to } = range;
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'DATE_RANGE_INVALID';
  if (from > to || to > today) return 'DATE_RANGE_INVALID';
  if (daysInRange(from, to) > AGENT_RANGE_MAX_DAYS) return 'DATE_RANGE_INVALID';
  return null;
}
