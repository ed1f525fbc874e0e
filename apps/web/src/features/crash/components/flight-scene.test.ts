import { LONGEST_FLIGHT_MS, multiplierX100At } from '@mayur/rules/crash-curve';
import { describe, expect, it } from 'vitest';
import { AXIS_FOOT_PX, AXIS_START_PX, axesFor, drawScene, flightElapsedMs } from './flight-scene.ts';

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

describe('a flight seen long after take-off', () => {
  it('is drawn at the longest flight a round can have, with a handful of axis ticks', () => {
    // A device clock that jumped 16 minutes (or a tab woken after sleeping) during a flight.
    const elapsedMs = flightElapsedMs(1_000_000 + 16 * 60_000, 1_000_000);
    expect(elapsedMs).toBe(LONGEST_FLIGHT_MS);
    const calls = { fillText: 0 };
    const context = new Proxy({} as Record<string | symbol, unknown>, {
      get: (target, key) =>
        key in target
          ? target[key]
          : key === 'createLinearGradient' || key === 'createRadialGradient'
            ? () => ({ addColorStop: () => undefined })
            : key === 'fillText'
              ? () => (calls.fillText += 1)
              : () => undefined,
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
    const x100 = multiplierX100At(elapsedMs);
    drawScene(context, {
      width: WIDTH,
      height: HEIGHT,
      isRtl: false,
      theme: 'plane',
      phase: 'flying',
      elapsedMs,
      x100,
      sinceCrashMs: 0,
      clockMs: 0,
    });
    expect(calls.fillText).toBeLessThan(20);
  });
});
