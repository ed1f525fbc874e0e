import { wingoFeePaise, wingoPayoutPaise, type WingoSelection } from '@mayur/rules/lottery-rooms';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { hasHorizontalOverflow, rupees, textOf } from './support/page.ts';
import { newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Win Go in a real browser against the real game clock: a player bets ₹10 on green in the 1-minute
// room, sees the stake leave the balance, waits for the pushed result and finds the settled bet in
// "My record" with the payout the rules give for the drawn number; any finished round verifies on the
// Fairness screen, recomputed in the browser. Each test makes its own player.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests();

/** Betting must stay open this long after the bet sheet opens, or the test waits for the next period. */
const MIN_SECONDS_LEFT = 8;

/** Seconds of betting left on screen, or -1 while betting is locked. */
async function secondsToBet(page: Page): Promise<number> {
  const phase = await page.getByTestId('round-panel').getAttribute('data-phase');
  if (phase !== 'betting') return -1;
  const [minutes = '0', seconds = '0'] = (await textOf(page, 'countdown')).split(':');
  return Number(minutes) * 60 + Number(seconds);
}

describe('Win Go 1Min in Chromium at 360×740', () => {
  it(
    'places ₹10 on green while betting is open, and the pushed result settles it by the rules',
    { timeout: 240_000 },
    async () => {
      const page = await tests.openPage(await newPlayer(tests.app, { cashRupees: 500 }));
      await page.goto('/games/wingo?min=60');
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 15_000 }).toBe('₹500.00');
      expect(await page.getByRole('link', { name: '1Min' }).getAttribute('aria-current')).toBe('page');
      // Wait for a betting window with enough time left (at most one whole period).
      await expect.poll(() => secondsToBet(page), { timeout: 75_000, interval: 500 }).toBeGreaterThanOrEqual(MIN_SECONDS_LEFT);
      const betPeriod = await textOf(page, 'current-period');
      expect(betPeriod).toMatch(/^\d{8}01\d{4}$/);

      await page.getByTestId('bet-green').click();
      const sheet = page.getByTestId('bet-sheet');
      await expect.poll(() => sheet.isVisible()).toBe(true);
      await sheet.getByLabel('₹10.00', { exact: true }).check();
      expect(await textOf(page, 'bet-total')).toBe('₹10.00');
      expect(await textOf(page, 'bet-fee-preview')).toBe('₹0.20');
      // The presale rule must be agreed to first, in the player's language.
      await page.getByTestId('bet-confirm').click();
      await expect.poll(async () => (await sheet.textContent()) ?? '').toContain(en.errors.PRESALE_RULE_REQUIRED);
      await sheet.getByLabel(en.lottery.sheet.agree).check();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByTestId('bet-confirm').click();
      await expect.poll(() => sheet.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe('₹490.00');

      await page.getByRole('tab', { name: en.lottery.myRecord }).click();
      const row = page.locator(`[data-testid="my-bet-row"][data-period="${betPeriod}"]`);
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.getAttribute('data-select')).toBe('green');
      expect(await row.getByTestId('bet-stake').textContent()).toBe('₹10.00');
      expect(await row.getByTestId('bet-fee').textContent()).toBe('₹0.20');
      expect(await row.getByTestId('bet-delivery').textContent()).toBe('₹9.80');

      // The result is pushed over the socket; "My record" refreshes by itself.
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 100_000, interval: 1_000 }).toMatch(/^(won|lost)$/);
      const drawn = Number(await row.getByTestId('bet-result').getAttribute('data-number'));
      expect(drawn).toBeGreaterThanOrEqual(0);
      expect(drawn).toBeLessThanOrEqual(9);
      const payoutPaise = wingoPayoutPaise('green', drawn, 980n);
      expect(await row.getAttribute('data-status')).toBe(payoutPaise > 0n ? 'won' : 'lost');
      expect(await row.getByTestId('bet-win-amount').textContent()).toBe(rupees(payoutPaise));
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe(rupees(49_000n + payoutPaise));
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('wingo-360x740.png') });
    },
  );

  it(
    "bets from the sheet's defaults, starts each sheet afresh, and shows the period's win or loss from the settled bets",
    { timeout: 240_000 },
    async () => {
      const page = await tests.openPage(await newPlayer(tests.app, { cashRupees: 500 }));
      await page.goto('/games/wingo?min=60');
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 15_000 }).toBe('₹500.00');
      // Two bets and a third opening need a little more time than one bet.
      await expect.poll(() => secondsToBet(page), { timeout: 75_000, interval: 500 }).toBeGreaterThanOrEqual(20);
      const betPeriod = await textOf(page, 'current-period');
      const sheet = page.getByTestId('bet-sheet');
      const viewport = { width: 360, height: 740 };
      const isInViewport = async (testId: string) => {
        const box = await page.getByTestId(testId).first().boundingBox();
        return (
          box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
        );
      };

      // 1. The sheet's defaults are a stake the server accepts (₹1 × 1 is under the minimum bet).
      await page.getByTestId('bet-green').click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      expect(await sheet.getByTestId('bet-sheet-head').getAttribute('class')).toMatch(/tone_green/);
      expect(await isInViewport('sheet-countdown')).toBe(true);
      expect(await textOf(page, 'sheet-countdown')).toMatch(/^00:\d\d$/);
      expect(await page.getByTestId('bet-count').inputValue()).toBe('1');
      expect(await textOf(page, 'bet-total')).toBe('₹10.00');
      await sheet.getByLabel(en.lottery.sheet.agree).check();
      await page.getByTestId('bet-confirm').click();
      await expect.poll(() => sheet.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe('₹490.00');

      // 2. A second bet with a multiplier: ₹10 × 5 on the number 5.
      await page.getByTestId('bet-number-5').click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      expect(await page.getByTestId('bet-count').inputValue()).toBe('1');
      await sheet.getByRole('button', { name: '×5', exact: true }).click();
      expect(await textOf(page, 'bet-total')).toBe('₹50.00');
      await page.getByTestId('bet-confirm').click();
      await expect.poll(() => sheet.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe('₹440.00');

      // 3. The next sheet starts again from the defaults: ₹10 stays ₹10, not ₹50.
      await page.getByTestId('bet-red').click();
      await expect.poll(() => sheet.isVisible()).toBe(true);
      expect(await page.getByTestId('bet-count').inputValue()).toBe('1');
      expect(await textOf(page, 'bet-total')).toBe('₹10.00');
      await expect.poll(() => sheet.evaluate((element) => element.getAnimations().length)).toBe(0);
      await page.screenshot({ path: screenshotPath('wingo-sheet-360x740.png') });
      // The countdown stays in the sheet to the end, with a warning in the last five seconds.
      await expect
        .poll(() => textOf(page, 'sheet-warning'), { timeout: 60_000, interval: 250 })
        .toBe(en.lottery.sheet.closingSoon);
      expect(await isInViewport('sheet-countdown')).toBe(true);
      await sheet.getByRole('button', { name: en.common.cancel }).click();
      await expect.poll(() => sheet.isVisible()).toBe(false);

      // 4. The result moment: the period's own settled bets, summed by the server's numbers.
      const dialog = page.getByTestId('result-dialog');
      await expect.poll(() => dialog.getAttribute('data-period'), { timeout: 100_000, interval: 500 }).toBe(betPeriod);
      const drawn = Number(await page.getByTestId('result-dialog').getByTestId('result-number').textContent());
      expect(drawn).toBeGreaterThanOrEqual(0);
      expect(drawn).toBeLessThanOrEqual(9);
      const delivery = (stake: bigint) => stake - wingoFeePaise(stake);
      const bets: Array<[WingoSelection, bigint]> = [
        ['green', 1_000n],
        ['5', 5_000n],
      ];
      const winPaise = bets.reduce((sum, [select, stake]) => sum + wingoPayoutPaise(select, drawn, delivery(stake)), 0n);
      expect(await dialog.getAttribute('data-outcome')).toBe(winPaise > 0n ? 'won' : 'lost');
      expect(await textOf(page, 'result-dialog-amount')).toBe(winPaise > 0n ? rupees(winPaise) : '₹60.00');
      expect(await dialog.textContent()).toContain(winPaise > 0n ? en.lottery.moment.won : en.lottery.moment.lost);
      // The new period's countdown is not covered by the result.
      expect(await page.getByTestId('round-panel').getAttribute('data-phase')).toBe('betting');
      const countdownBox = await page.getByTestId('countdown').boundingBox();
      const dialogBox = await dialog.boundingBox();
      expect(dialogBox?.y ?? -1).toBeGreaterThanOrEqual((countdownBox?.y ?? Infinity) + (countdownBox?.height ?? 0));
      // The card slides in from the foot of the screen: where it comes to rest is what counts.
      await expect.poll(() => isInViewport('result-dialog'), { timeout: 5_000 }).toBe(true);
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe(rupees(44_000n + winPaise));
      await page.screenshot({ path: screenshotPath('wingo-result-360x740.png') });
      await page.getByTestId('result-dialog-close').click();
      await expect.poll(() => dialog.count()).toBe(0);

      // The trend chart draws the drawn number of that period as a ball on the line.
      await page.getByRole('tab', { name: en.lottery.chart }).click();
      const ball = page.locator(`[data-testid="trend-ball"][data-period="${betPeriod}"]`);
      await expect.poll(() => ball.getAttribute('data-number'), { timeout: 10_000 }).toBe(String(drawn));
      expect(await page.getByTestId('trend-line').count()).toBe(1);
      const frequencyOfDrawn = page.locator(`[data-stat="frequency"] td[data-number="${drawn}"]`);
      expect(Number(await frequencyOfDrawn.textContent())).toBeGreaterThanOrEqual(1);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByTestId('trend-chart').screenshot({ path: screenshotPath('wingo-trend-360x740.png') });
    },
  );

  it('verifies a finished round on the Fairness screen from its game record row', { timeout: 150_000 }, async () => {
    const page = await tests.openPage(await newPlayer(tests.app));
    await page.goto('/games/wingo?min=60');
    await page.getByRole('tab', { name: en.lottery.gameRecord }).click();
    // The app's first period ends within a minute of its start.
    const gameRow = page.getByTestId('game-record-row').first();
    await expect
      .poll(() => page.getByTestId('game-record-row').count(), { timeout: 100_000, interval: 1_000 })
      .toBeGreaterThan(0);
    const period = (await gameRow.getAttribute('data-period')) ?? '';
    expect(period).toMatch(/^\d{8}01\d{4}$/);
    await gameRow.getByRole('link').click();
    await expect.poll(() => page.url()).toContain(`/fairness?game=wingo&room=wingo-1&period=${period}`);
    const verdict = page.getByTestId('fairness-verdict');
    await expect.poll(() => verdict.getAttribute('data-verified'), { timeout: 20_000 }).toBe('true');
    expect(await verdict.textContent()).toContain(en.fairness.verified);
    expect(await page.getByTestId('check-chain').getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('check-result').getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('fairness-digest').textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('fairness-360x740.png'), fullPage: true });
  });

  it('lays Win Go out right-to-left in Arabic without overflow', async () => {
    const page = await tests.openPage(await newPlayer(tests.app), { language: 'ar' });
    await page.goto('/games/wingo?min=60');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByTestId('round-panel').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.textContent('body')).toContain(ar.lottery.gameRecord);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('wingo-ar-360x740.png') });
  });
});
