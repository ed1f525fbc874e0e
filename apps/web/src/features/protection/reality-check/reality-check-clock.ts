// The reality check's clock (UKGC RTS 13): play time is counted from the session's first game screen,
// and the check comes due every `intervalMinutes` after the later of that start and the player's last
// "Continue". The server keeps both for the log-in session (`/protection/playSession`), so closing and
// reopening the app never starts the count again; only a new log-in does. Pure functions of that clock
// and a time on the server's clock, so the rule is tested without timers.

const MINUTE_MS = 60_000;

/** The server answers for at most the last 7 days; a session kept longer asks for those. */
export const LONGEST_SESSION_RESULT_MS = 7 * 24 * 3_600_000 - MINUTE_MS;

/** Times on the server's clock. */
export type RealityCheckState = {
  /** When this log-in session's first game screen opened. */
  startedAtMs: number;
  /** When the player last chose to continue (the start until then). */
  lastCheckAtMs: number;
};

/** The session's clock, and how far the server's clock is ahead of this device's (negative: behind). */
export type PlayClock = { state: RealityCheckState; serverOffsetMs: number };

/** What `/protection/playSession` answers. */
export type PlaySessionAnswer = { startedAt: string; lastCheckAt: string; serverTime: string };

/**
 * The server's answer as a clock, `receivedAtMs` being this device's time when it arrived; null when
 * the answer is not a clock the server keeps (a start after the last check or after the server's time).
 */
export function readPlaySession(answer: PlaySessionAnswer, receivedAtMs: number): PlayClock | null {
  const startedAtMs = Date.parse(answer.startedAt);
  const lastCheckAtMs = Date.parse(answer.lastCheckAt);
  const serverTimeMs = Date.parse(answer.serverTime);
  if (![startedAtMs, lastCheckAtMs, serverTimeMs].every(Number.isFinite)) return null;
  if (lastCheckAtMs < startedAtMs || startedAtMs > serverTimeMs) return null;
  return { state: { startedAtMs, lastCheckAtMs }, serverOffsetMs: serverTimeMs - receivedAtMs };
}

/** When the next check is due; null when the player has switched reality checks off. */
export function nextCheckAtMs(state: RealityCheckState, intervalMinutes: number | null): number | null {
  if (intervalMinutes === null || !(intervalMinutes > 0)) return null;
  return state.lastCheckAtMs + intervalMinutes * MINUTE_MS;
}

export function isCheckDue(state: RealityCheckState, intervalMinutes: number | null, nowMs: number): boolean {
  const dueAtMs = nextCheckAtMs(state, intervalMinutes);
  return dueAtMs !== null && nowMs >= dueAtMs;
}

/** The player chose to continue: the next check is a full interval from now. */
export function acknowledgeCheck(state: RealityCheckState, nowMs: number): RealityCheckState {
  return { ...state, lastCheckAtMs: Math.max(state.lastCheckAtMs, nowMs) };
}

/** Whole minutes played this session, as the check states them. */
export function minutesPlayed(state: RealityCheckState, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - state.startedAtMs) / MINUTE_MS));
}

/** The `since` of the session's result: its start, or 7 days back for a session kept open longer. */
export function sessionResultSince(state: RealityCheckState, nowMs: number): string {
  return new Date(Math.max(state.startedAtMs, nowMs - LONGEST_SESSION_RESULT_MS)).toISOString();
}
