import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crashDelayMs, multiplierX100At } from './crash-curve.ts';

describe('crash growth curve', () => {
  it('starts at 1.00× and follows floor(100·e^(0.00006·t))', () => {
    expect(multiplierX100At(0)).toBe(100);
    expect(multiplierX100At(1_000)).toBe(106);
    expect(multiplierX100At(11_552)).toBe(199);
    expect(multiplierX100At(11_553)).toBe(200);
    // The 10 000× cap is reached about 153.5 seconds after take-off: ln(10 000) / 0.00006 ms.
    expect(crashDelayMs(1_000_000)).toBe(153_506);
  });

  it('is non-decreasing', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 80_000 }), (t) => multiplierX100At(t + 1) >= multiplierX100At(t)));
  });

  it('finds the first millisecond the curve reaches any point, so no moment before it reaches the point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 1_000_000 }), (point) => {
        const t = crashDelayMs(point);
        return multiplierX100At(t) >= point && multiplierX100At(t - 1) < point;
      }),
      { numRuns: 2_000 },
    );
    expect(crashDelayMs(100)).toBe(0);
    expect(crashDelayMs(200)).toBe(11_553);
  });
});
