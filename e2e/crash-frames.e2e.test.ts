import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';

// Frame timing of the Aviator flight in Chromium with the CPU slowed four times (CDP
// Emulation.setCPUThrottlingRate, as Lighthouse's mobile profile does): requestAnimationFrame
// intervals are recorded while the plane flies, across rounds until enough frames are seen, and the
// share of frames over 20 ms is printed (goal: under 5 %, "no long frames during flight"). The
// assertion is deliberately loose (under half) so a busy 2-core machine does not fail it; the printed
// number is the measurement.

const tests = setUpBrowserTests();
/** About three seconds of flight at 60 frames a second. */
const WANTED_FRAMES = 180;
const LONG_FRAME_MS = 20;
const CPU_SLOWDOWN = 4;

describe('the Aviator flight under 4× CPU throttling', () => {
  it('records requestAnimationFrame intervals in flight and reports the share over 20 ms', { timeout: 420_000 }, async () => {
    const page = await tests.openPage();
    await page.goto('/games/limbo');
    await page.getByTestId('flight-stage').waitFor({ timeout: 15_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.evaluate(() => {
      const intervals: number[] = [];
      (window as unknown as { flightFrameIntervals: number[] }).flightFrameIntervals = intervals;
      const stage = document.querySelector<HTMLElement>('[data-testid="flight-stage"]');
      let last = 0;
      const onFrame = (time: number) => {
        // Only frames between two frames of the same flight count: a crash or a hidden tab resets.
        if (stage?.dataset.phase === 'flying') {
          if (last > 0) intervals.push(time - last);
          last = time;
        } else {
          last = 0;
        }
        window.requestAnimationFrame(onFrame);
      };
      window.requestAnimationFrame(onFrame);
    });

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { flightFrameIntervals: number[] }).flightFrameIntervals.length), {
        timeout: 360_000,
        interval: 500,
      })
      .toBeGreaterThanOrEqual(WANTED_FRAMES);
    const intervals = await page.evaluate(() => (window as unknown as { flightFrameIntervals: number[] }).flightFrameIntervals);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const sorted = [...intervals].sort((a, b) => a - b);
    const long = intervals.filter((interval) => interval > LONG_FRAME_MS).length;
    const share = long / intervals.length;
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
    // The measurement is the point of this test: printed on every run (stdout; no logger in the e2e tier).
    process.stdout.write(
      `flight frames under ${CPU_SLOWDOWN}× CPU throttling: ${intervals.length} intervals, ` +
        `${long} over ${LONG_FRAME_MS} ms (${(share * 100).toFixed(1)} %; goal under 5 %), ` +
        `median ${percentile(0.5).toFixed(1)} ms, p95 ${percentile(0.95).toFixed(1)} ms, worst ${sorted.at(-1)!.toFixed(1)} ms\n`,
    );
    expect(share).toBeLessThan(0.5);
  });
});
