import { bitgamePayoutPaise } from '@mayur/rules/lottery-rooms';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { textOf } from './support/page.ts';
import { newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Win Go PK and Bit Game in a real browser against the real game clock: a bet in the Emerd room, and a
// Bit Game bet followed to its result. Each test makes its own player with ₹200.

const en = readLocale('en-US');
const MIN_SECONDS_LEFT = 8;
const tests = setUpBrowserTests();

async function secondsToBet(page: Page): Promise<number> {
  if ((await page.getByTestId('round-panel').getAttribute('data-phase')) !== 'betting') return -1;
  const [minutes = '0', seconds = '0'] = (await textOf(page, 'countdown')).split(':');
  return Number(minutes) * 60 + Number(seconds);
}

describe('Win Go PK and Bit Game in Chromium at 360×740', () => {
  it('bets on 7 in the Emerd room', async () => {
    const page = await tests.openPage(await newPlayer(tests.app, { cashRupees: 200 }));
    await page.goto('/games/wingo-pk');
    await page.getByRole('tab', { name: en.lottery.pkRooms.emerd }).click();
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 15_000 }).toBe('₹200.00');
    await expect.poll(() => secondsToBet(page), { timeout: 200_000, interval: 500 }).toBeGreaterThanOrEqual(MIN_SECONDS_LEFT);
    const period = await textOf(page, 'current-period');
    expect(period).toMatch(/^\d{8}14\d{4}$/);
    await page.getByTestId('bet-number-7').click();
    const sheet = page.getByTestId('bet-sheet');
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await sheet.getByLabel('₹10.00', { exact: true }).check();
    await sheet.getByLabel(en.lottery.sheet.agree).check();
    await page.getByTestId('bet-confirm').click();
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe('₹190.00');
    await page.getByRole('tab', { name: en.lottery.myRecord }).click();
    const row = page.locator(`[data-testid="my-bet-row"][data-period="${period}"]`);
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.getAttribute('data-select')).toBe('7');
    expect(await row.getAttribute('data-status')).toBe('pending');
  }, 240_000);

  it('bets big in Bit Game and sees the three digits settle it', async () => {
    const page = await tests.openPage(await newPlayer(tests.app, { cashRupees: 200 }));
    await page.goto('/games/bitgame');
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 15_000 }).toBe('₹200.00');
    await expect.poll(() => secondsToBet(page), { timeout: 75_000, interval: 500 }).toBeGreaterThanOrEqual(MIN_SECONDS_LEFT);
    const period = await textOf(page, 'current-period');
    expect(period).toMatch(/^\d{8}21\d{4}$/);
    await page.getByTestId('bet-big').click();
    const sheet = page.getByTestId('bet-sheet');
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await sheet.getByLabel('₹10.00', { exact: true }).check();
    await page.getByTestId('bet-confirm').click();
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe('₹190.00');

    await page.getByRole('tab', { name: en.lottery.myRecord }).click();
    const row = page.locator(`[data-testid="my-bet-row"][data-period="${period}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 100_000, interval: 1_000 }).toMatch(/^(won|lost)$/);
    // The period's published result decides what the bet must show.
    const log = await fetch(`${tests.app.baseUrl}/api/bitgame/findGameLogByPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const entry = ((await log.json()) as { obj: { list: Array<{ period: string; result: { sum: number } }> } }).obj.list.find(
      (item) => item.period === period,
    );
    expect(entry).toBeDefined();
    const winPaise = bitgamePayoutPaise('big', entry!.result.sum, 1_000n);
    expect(await row.getAttribute('data-status')).toBe(winPaise > 0n ? 'won' : 'lost');
    expect(await row.getByTestId('bet-win-amount').textContent()).toBe(winPaise > 0n ? '₹19.50' : '₹0.00');
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe(winPaise > 0n ? '₹209.50' : '₹190.00');
    // The win or loss card of the period, from the settled bet: the three digits and the amount.
    const dialog = page.getByTestId('result-dialog');
    await expect.poll(() => dialog.getAttribute('data-period'), { timeout: 15_000 }).toBe(period);
    expect(await dialog.getAttribute('data-outcome')).toBe(winPaise > 0n ? 'won' : 'lost');
    expect(await textOf(page, 'result-dialog-amount')).toBe(winPaise > 0n ? '₹19.50' : '₹10.00');
    expect(await dialog.getByTestId('result-digits').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('bitgame-360x740.png') });
  }, 150_000);
});
