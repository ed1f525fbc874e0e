import { describe, expect, it } from 'vitest';
import { isWarningTick, secondsLeftToBet } from './countdown-warning.ts';

describe('the countdown warning', () => {
  it('reads the seconds the countdown shows', () => {
    expect(secondsLeftToBet(true, 4_001)).toBe(5);
    expect(secondsLeftToBet(true, 5_000)).toBe(5);
    expect(secondsLeftToBet(true, 0)).toBe(0);
    expect(secondsLeftToBet(false, 30_000)).toBe(0);
  });

  it('ticks once for each of the last five seconds and never before or after', () => {
    const shown = [9, 8, 7, 6, 6, 5, 5, 5, 4, 3, 3, 2, 1, 0, 0, 60];
    const ticks = shown.slice(1).flatMap((seconds, index) => (isWarningTick(shown[index] ?? 0, seconds) ? [seconds] : []));
    expect(ticks).toEqual([5, 4, 3, 2, 1]);
  });
});
