import { useCallback, useEffect, useState } from 'react';
import { useContinuePlaying, usePlaySession } from '../use-protection.ts';
import { acknowledgeCheck, nextCheckAtMs, type RealityCheckState } from './reality-check-clock.ts';

// setTimeout takes at most 2^31 − 1 ms; a longer wait is re-armed when it fires.
const LONGEST_TIMER_MS = 2_147_483_647;

export type RealityCheckClock = {
  /** The session's clock (server times); null until the server has answered. */
  state: RealityCheckState | null;
  isDue: boolean;
  /** Now on the server's clock. */
  nowMs: number;
  acknowledge: () => void;
};

/**
 * The reality check of a game screen: reads this log-in session's play clock from the server (starting
 * it at the session's first game screen), and says when the check is due for the player's interval
 * (null: off). `acknowledge` starts the next interval at once here and on the server. Without the
 * server's clock there is no check, as without the player's interval, which comes from the server too.
 */
export function useRealityCheck(intervalMinutes: number | null): RealityCheckClock {
  const playSession = usePlaySession();
  const continuePlaying = useContinuePlaying();
  const clock = playSession.data ?? null;
  const serverOffsetMs = clock?.serverOffsetMs ?? 0;
  // "Continue" counts here at once; the server's answer, when it comes, says the same or later.
  const [continuedAtMs, setContinuedAtMs] = useState(0);
  const [deviceNowMs, setDeviceNowMs] = useState(() => Date.now());

  const state = clock ? acknowledgeCheck(clock.state, continuedAtMs) : null;
  const nowMs = deviceNowMs + serverOffsetMs;
  const dueAtMs = state ? nextCheckAtMs(state, intervalMinutes) : null;
  const isDue = dueAtMs !== null && nowMs >= dueAtMs;

  useEffect(() => {
    if (dueAtMs === null || isDue) return;
    const waitMs = Math.min(Math.max(0, dueAtMs - (Date.now() + serverOffsetMs)), LONGEST_TIMER_MS);
    const timer = window.setTimeout(() => setDeviceNowMs(Date.now()), waitMs);
    return () => window.clearTimeout(timer);
  }, [dueAtMs, isDue, deviceNowMs, serverOffsetMs]);

  const { mutate } = continuePlaying;
  const acknowledge = useCallback(() => {
    const now = Date.now();
    setContinuedAtMs(now + serverOffsetMs);
    setDeviceNowMs(now);
    mutate();
  }, [mutate, serverOffsetMs]);

  return { state, isDue, nowMs, acknowledge };
}
