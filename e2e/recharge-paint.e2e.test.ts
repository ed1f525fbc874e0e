import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { newPlayer } from './support/player.ts';

// Recharge paints its largest content at once (LCP ≤ 2.5 s): until the recharge settings
// arrive, the form is drawn at its final size with placeholders and filled in place, so the largest
// paint does not wait for the API and nothing moves when the answer lands (CLS).

const tests = setUpBrowserTests();

type PaintReport = { lcpTimes: number[]; layoutShift: number; answeredAt: number };

describe('the recharge screen at first paint', () => {
  it('paints its largest content before the settings arrive and does not move when they do', async () => {
    const page = await tests.openPage(await newPlayer(tests.app));
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const report = { lcpTimes: [] as number[], layoutShift: 0, answeredAt: -1 };
      (window as unknown as { paintReport: typeof report }).paintReport = report;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) report.lcpTimes.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) report.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The settings are held back until the page has painted, as on a slow network.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cash/findRechargeInfo', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/recharge');
    await page.getByTestId('recharge-loading').waitFor();
    const submit = page.locator('form[data-testid="recharge-form"] button[type="submit"]');
    const before = await submit.boundingBox();
    await page.waitForTimeout(1_000);
    await page.evaluate(() => {
      (window as unknown as { paintReport: PaintReport }).paintReport.answeredAt = performance.now();
    });
    release();
    await page.getByTestId('recharge-loading').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => page.getByTestId('quick-amounts').count()).toBe(1);
    // Two frames for the observers to hear of the last paints.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const report = await page.evaluate(() => (window as unknown as { paintReport: PaintReport }).paintReport);
    expect(report.lcpTimes.length).toBeGreaterThan(0);
    expect(Math.max(...report.lcpTimes)).toBeLessThan(report.answeredAt);
    expect(report.layoutShift).toBeLessThanOrEqual(0.05);
    expect(await submit.boundingBox()).toEqual(before);
  }, 60_000);
});
