// The crash games' growth curve (DESIGN.md §5), dependency-free: the server decides with it, the
// browser draws with it. Multipliers are integers in hundredths (250 = 2.50×).

export const CRASH_GROWTH_PER_MS = 0.00006;
export const CRASH_MIN_X100 = 100;
export const CRASH_MAX_X100 = 1_000_000;

/** m(t) = floor(100 · e^(0.00006 · t_ms)) / 100, in hundredths; t is milliseconds since take-off. */
export function multiplierX100At(elapsedMs: number): number {
  if (elapsedMs <= 0) return CRASH_MIN_X100;
  return Math.floor(100 * curveAt(elapsedMs));
}

/**
 * The curve itself, e^(0.00006 · t_ms), unrounded: for drawing a smooth line only. Every decision and
 * every multiplier shown uses multiplierX100At, which floors this value to hundredths.
 */
export function curveAt(elapsedMs: number): number {
  return elapsedMs <= 0 ? 1 : Math.exp(CRASH_GROWTH_PER_MS * elapsedMs);
}

/**
 * The first whole millisecond at which the curve reaches `crashPointX100`: the crash instant,
 * measured from take-off. Exact with respect to multiplierX100At, so "before the crash" and "below
 * the crash point" always agree.
 */
export function crashDelayMs(crashPointX100: number): number {
  if (crashPointX100 <= CRASH_MIN_X100) return 0;
  let t = Math.ceil(Math.log(crashPointX100 / 100) / CRASH_GROWTH_PER_MS);
  while (t > 0 && multiplierX100At(t - 1) >= crashPointX100) t -= 1;
  while (multiplierX100At(t) < crashPointX100) t += 1;
  return t;
}

/** The moment (ms since take-off) the curve first reaches a target multiplier: when an auto cash-out fires. */
export const targetDelayMs = crashDelayMs;

/** No round flies longer than this: the highest crash point is reached at 153,506 ms. */
export const LONGEST_FLIGHT_MS = crashDelayMs(CRASH_MAX_X100);
