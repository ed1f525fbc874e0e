// Time is injected so that tests can move it (code expiry, session expiry) without sleeping.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to; for tests. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
