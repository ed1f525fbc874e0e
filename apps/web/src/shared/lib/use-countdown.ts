import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a resend is allowed; `start(60)` begins a new countdown. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [endsAtMs, setEndsAtMs] = useState(0);
  const [nowMs, setNowMs] = useState(() => Date.now());

  useEffect(() => {
    if (endsAtMs <= nowMs) return;
    const timer = window.setTimeout(() => setNowMs(Date.now()), 250);
    return () => window.clearTimeout(timer);
  }, [endsAtMs, nowMs]);

  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setNowMs(now);
    setEndsAtMs(now + seconds * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000)), start };
}
