import { useEffect, useState } from 'react';

// setTimeout takes at most 2^31 − 1 ms; a later time is checked again when the timer fires.
const LONGEST_TIMER_MS = 2_147_483_647;

/** Whether the instant `isoTime` has passed; turns true by itself when it does (null: never). */
export function useTimeReached(isoTime: string | null): boolean {
  const atMs = isoTime === null ? Number.NaN : Date.parse(isoTime);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const isReached = !Number.isNaN(atMs) && nowMs >= atMs;
  useEffect(() => {
    if (Number.isNaN(atMs) || isReached) return;
    const timer = window.setTimeout(() => setNowMs(Date.now()), Math.min(atMs - Date.now() + 50, LONGEST_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [atMs, isReached, nowMs]);
  return isReached;
}
