import path from 'node:path';
import { bitgamePayoutPaise } from '@mayur/contracts/lottery-rooms';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './support/app-process.ts';
import { launchBrowser } from './support/browser.ts';
import { DEMO_MOBILE, logInAsDemo, returningPlayerContext } from './support/demo-player.ts';
import { readLocale } from './support/locales.ts';
import { textOf } from './support/page.ts';

// Win Go PK and Bit Game in a real browser against the real game clock: a bet in the Emerd room, and a
// Bit Game bet followed to its result.

const root = path.resolve(import.meta.dirname, '..');
const en = readLocale('en-US');
const MIN_SECONDS_LEFT = 8;

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  app = await startApp();
  expect(app.admin('user:adjust', '--user', DEMO_MOBILE, '--amount', '200', '--reason', 'e2e').status).toBe(0);
  browser = await launchBrowser();
  context = await returningPlayerContext(browser, app.baseUrl);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function secondsToBet(): Promise<number> {
  if ((await page.getByTestId('round-panel').getAttribute('data-phase')) !== 'betting') return -1;
  const [minutes = '0', seconds = '0'] = (await textOf(page, 'countdown')).split(':');
  return Number(minutes) * 60 + Number(seconds);
}

describe('Win Go PK and Bit Game in Chromium at 360×740', () => {
  it('logs in the demo player', async () => {
    await logInAsDemo(page);
  });

  it('bets on 7 in the Emerd room', async () => {
    await page.goto('/games/wingo-pk');
    await page.getByRole('tab', { name: en.lottery.pkRooms.emerd }).click();
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 15_000 }).toBe('₹200.00');
    await expect.poll(secondsToBet, { timeout: 200_000, interval: 500 }).toBeGreaterThanOrEqual(MIN_SECONDS_LEFT);
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
    await page.goto('/games/bitgame');
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 15_000 }).toBe('₹190.00');
    await expect.poll(secondsToBet, { timeout: 75_000, interval: 500 }).toBeGreaterThanOrEqual(MIN_SECONDS_LEFT);
    const period = await textOf(page, 'current-period');
    expect(period).toMatch(/^\d{8}21\d{4}$/);
    await page.getByTestId('bet-big').click();
    const sheet = page.getByTestId('bet-sheet');
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await sheet.getByLabel('₹10.00', { exact: true }).check();
    await page.getByTestId('bet-confirm').click();
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe('₹180.00');

    await page.getByRole('tab', { name: en.lottery.myRecord }).click();
    const row = page.locator(`[data-testid="my-bet-row"][data-period="${period}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 100_000, interval: 1_000 }).toMatch(/^(won|lost)$/);
    // The period's published result decides what the bet must show.
    const log = await fetch(`${app.baseUrl}/api/bitgame/findGameLogByPage`, {
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
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe(winPaise > 0n ? '₹199.50' : '₹180.00');
    await page.screenshot({ path: path.join(root, 'docs/screenshots/bitgame-360x740.png') });
    expect(pageErrors).toEqual([]);
  }, 150_000);
});
