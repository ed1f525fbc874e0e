import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './support/app-process.ts';
import { launchBrowser } from './support/browser.ts';
import { DEMO_MOBILE, logInAsDemo, returningPlayerContext } from './support/demo-player.ts';
import { readLocale } from './support/locales.ts';
import { operator } from './support/operator.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';

// Bonus from a gift code needs bets of 1× (the default BONUS_WAGERING_MULTIPLIER) before it can be
// exchanged (decision 0009): the exchange dialog shows how much more to bet, in English and
// right-to-left in Arabic, and lets the exchange through once the bets are placed.

const en = readLocale('en-US');
const ar = readLocale('ar');

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  context = await returningPlayerContext(browser, app.baseUrl);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A player API call with the page's own session, as the app makes it. */
function callApi(path: string, body: Record<string, unknown>): Promise<any> {
  return page.evaluate(
    async ({ path, body }) => {
      const reply = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: localStorage.getItem('token') ?? '' },
        body: JSON.stringify(body),
      });
      return reply.json();
    },
    { path, body },
  );
}

let betSequence = 0;
/** A Win Go 1-minute bet of `rupees`, placed once the open period has at least 3 s of betting left. */
async function betWingo(rupees: string) {
  let period = '';
  await expect
    .poll(
      async () => {
        const state = (await callApi('/wingo/getPeriod', { min: 60 })).obj;
        period = state.period;
        return state.state === 'betting' && state.bettingClosesAtMs - state.serverTimeMs > 3_000;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  betSequence += 1;
  const reply = await callApi('/wingo/pour', {
    min: 60,
    period,
    select: 'green',
    contractMoney: rupees,
    contractCount: 1,
    agree: true,
    requestKey: `e2e-wagering-${betSequence}-${period}`,
  });
  expect(reply).toMatchObject({ res: 1 });
}

/** Opens the exchange dialog from Mine and waits for its wagering progress. */
async function openExchange(openLabel: string): Promise<Locator> {
  await page.goto('/mine');
  await expect.poll(() => textOf(page, 'bonus'), { timeout: 10_000 }).toBe('₹50.00');
  await page.getByRole('button', { name: openLabel, exact: true }).click();
  const dialog = page.getByTestId('exchange-bonus-dialog');
  await expect.poll(() => dialog.getByTestId('wagering-progress').isVisible(), { timeout: 10_000 }).toBe(true);
  return dialog;
}

/** A sentence of the dialog without the direction isolates wrapped around its amounts. */
async function plainText(dialog: Locator, testId: string): Promise<string> {
  return ((await dialog.getByTestId(testId).textContent()) ?? '').replace(/[\u2066\u2069]/g, '');
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

describe('bonus wagering in Chromium at 360×740', () => {
  it('logs in as the demo player', async () => {
    await logInAsDemo(page);
  });

  it('keeps a gift of bonus locked, showing the bets of 1× it still needed', async () => {
    operator(app, 'user:adjust', '--user', DEMO_MOBILE, '--amount', '100', '--reason', 'e2e wagering', '--key', 'e2e-wagering');
    const code = operator(app, 'gift:create', '--amount', '50', '--uses', '1').at(-1)!.trim();
    expect(await callApi('/cash/redeemGift', { code })).toMatchObject({ res: 1, obj: { wallet: 'bonus', bonus: '50.00' } });

    const dialog = await openExchange(en.exchange.open);
    expect(await plainText(dialog, 'wagering-remaining')).toBe(fill(en.exchange.wagering.remaining, { amount: '₹50.00' }));
    expect(await plainText(dialog, 'wagering-of')).toBe(fill(en.exchange.wagering.of, { wagered: '₹0.00', required: '₹50.00' }));
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(await dialog.getByRole('button', { name: en.exchange.submit, exact: true }).isDisabled()).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  it('counts a bet placed after the gift', async () => {
    await betWingo('20');
    const dialog = await openExchange(en.exchange.open);
    expect(await plainText(dialog, 'wagering-remaining')).toBe(fill(en.exchange.wagering.remaining, { amount: '₹30.00' }));
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it('lays the progress out right-to-left in Arabic, the bar growing from the right', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    const dialog = await openExchange(ar.exchange.open);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await plainText(dialog, 'wagering-remaining')).toBe(fill(ar.exchange.wagering.remaining, { amount: '₹30.00' }));
    const edges = await dialog.getByRole('progressbar').evaluate((track) => {
      const bar = track.getBoundingClientRect();
      const filled = track.firstElementChild!.getBoundingClientRect();
      return {
        barLeft: Math.round(bar.left),
        barRight: Math.round(bar.right),
        filledLeft: Math.round(filled.left),
        filledRight: Math.round(filled.right),
      };
    });
    // 40 % filled from the right edge: the left part of the bar is empty.
    expect(edges.filledRight).toBe(edges.barRight);
    expect(edges.filledLeft).toBeGreaterThan(edges.barLeft + (edges.barRight - edges.barLeft) / 2);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  });

  it('lets the exchange through once the bets reach the bonus', async () => {
    await betWingo('30');
    const dialog = await openExchange(en.exchange.open);
    expect(await plainText(dialog, 'wagering-remaining')).toBe(en.exchange.wagering.unlocked);
    await dialog.getByRole('button', { name: en.exchange.all, exact: true }).click();
    await dialog.getByRole('button', { name: en.exchange.submit, exact: true }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => textOf(page, 'bonus'), { timeout: 10_000 }).toBe('₹0.00');
  });

  it('raised no script errors along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
