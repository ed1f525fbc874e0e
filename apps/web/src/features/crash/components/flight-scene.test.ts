import { multiplierX100At } from '@mayur/contracts/crash-curve';
import { describe, expect, it } from 'vitest';
import { AXIS_FOOT_PX, AXIS_START_PX, axesFor } from './flight-scene.ts';

const WIDTH = 336;
const HEIGHT = 196;

/** Where the craft is across and up its box (0 at the origin, 1 at the far edge). */
function craftShare(elapsedMs: number) {
  const x100 = multiplierX100At(elapsedMs);
  const axes = axesFor(elapsedMs, x100, WIDTH, HEIGHT);
  return { across: elapsedMs / axes.spanMs, up: (x100 - 100) / (axes.topX100 - 100), axes };
}

describe('the flight scene’s axes', () => {
  it('put the craft at the origin at take-off', () => {
    const { across, up, axes } = craftShare(0);
    expect(across).toBe(0);
    expect(up).toBe(0);
    expect(axes.left).toBe(AXIS_START_PX);
    expect(axes.bottom).toBe(HEIGHT - AXIS_FOOT_PX);
  });

  it('keep still while the craft climbs the first seconds, then grow so it stays in view', () => {
    expect(craftShare(1_000).axes.spanMs).toBe(craftShare(3_000).axes.spanMs);
    expect(craftShare(1_000).across).toBeLessThan(craftShare(3_000).across);
    for (const elapsedMs of [10_000, 30_000, 60_000, 120_000, 153_000]) {
      const { across, up } = craftShare(elapsedMs);
      expect(across).toBeLessThanOrEqual(0.78);
      expect(up).toBeLessThanOrEqual(0.72);
      expect(across).toBeGreaterThan(0.5);
    }
  });
});
