import { useCallback, useEffect, useState } from 'react';
import {
  acknowledgeCheck,
  nextCheckAtMs,
  parseRealityCheckState,
  REALITY_CHECK_STORAGE_KEY,
  startOrResume,
  type RealityCheckState,
} from './reality-check-clock.ts';

// setTimeout takes at most 2^31 − 1 ms; a longer wait is re-armed when it fires.
const LONGEST_TIMER_MS = 2_147_483_647;

function readStored(): RealityCheckState | null {
  try {
    return parseRealityCheckState(window.sessionStorage.getItem(REALITY_CHECK_STORAGE_KEY));
  } catch {
    return null;
  }
}

function store(state: RealityCheckState): void {
  try {
    window.sessionStorage.setItem(REALITY_CHECK_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage is blocked: the check still runs, counted from this screen's opening.
  }
}

/**
 * The reality check of a game screen: starts (or resumes) this browser session's play clock, and says
 * when the check is due for the player's interval (null: off). `acknowledge` starts the next interval.
 */
export function useRealityCheck(intervalMinutes: number | null) {
  const [state, setState] = useState<RealityCheckState>(() => {
    const resumed = startOrResume(readStored(), Date.now());
    store(resumed);
    return resumed;
  });
  const [nowMs, setNowMs] = useState(() => Date.now());

  const dueAtMs = nextCheckAtMs(state, intervalMinutes);
  const isDue = dueAtMs !== null && nowMs >= dueAtMs;

  useEffect(() => {
    if (dueAtMs === null || isDue) return;
    const timer = window.setTimeout(() => setNowMs(Date.now()), Math.min(Math.max(0, dueAtMs - Date.now()), LONGEST_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [dueAtMs, isDue, nowMs]);

  const acknowledge = useCallback(() => {
    const now = Date.now();
    const next = acknowledgeCheck(state, now);
    store(next);
    setState(next);
    setNowMs(now);
  }, [state]);

  return { state, isDue, nowMs, acknowledge };
}
