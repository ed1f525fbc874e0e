/** The last seconds of betting: the countdowns turn to a warning and, with sound on, tick. */
export const WARNING_MS = 5_000;

/** Whole seconds left to bet as the countdown shows them (rounded up), 0 when betting is not open. */
export function secondsLeftToBet(isBetting: boolean, bettingLeftMs: number): number {
  return isBetting ? Math.max(0, Math.ceil(bettingLeftMs / 1000)) : 0;
}

/** Whether the countdown's shown second has just changed to one of the last five: one tick per second. */
export function isWarningTick(previousSeconds: number, seconds: number): boolean {
  return seconds !== previousSeconds && seconds >= 1 && seconds * 1000 <= WARNING_MS;
}
