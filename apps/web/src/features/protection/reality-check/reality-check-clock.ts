// The reality check's clock (UKGC RTS 13): play time is counted from the first game screen this tab
// opened in the browser session, and the check comes due every `intervalMinutes` after the later of
// that start and the player's last "Continue". Pure functions of a stored state and the time, so the
// rule is tested without timers; the state lives in sessionStorage so a reload or moving between game
// screens keeps counting, and a new browser session starts from zero.

export const REALITY_CHECK_STORAGE_KEY = 'realityCheck';

const MINUTE_MS = 60_000;

export type RealityCheckState = {
  /** When this session's first game screen opened. */
  startedAtMs: number;
  /** When the player last chose to continue (the start until then). */
  lastCheckAtMs: number;
};

/** Reads a stored state; null when there is none or it is not one this code wrote. */
export function parseRealityCheckState(text: string | null): RealityCheckState | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { startedAtMs, lastCheckAtMs } = value as Record<string, unknown>;
    if (!isTime(startedAtMs) || !isTime(lastCheckAtMs) || lastCheckAtMs < startedAtMs) return null;
    return { startedAtMs, lastCheckAtMs };
  } catch {
    return null;
  }
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * The state to count from at `nowMs`: the stored one, or a new session starting now. A stored time in
 * the future (the device clock was set back) starts a new session rather than never coming due.
 */
export function startOrResume(stored: RealityCheckState | null, nowMs: number): RealityCheckState {
  if (stored && stored.lastCheckAtMs <= nowMs) return stored;
  return { startedAtMs: nowMs, lastCheckAtMs: nowMs };
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
