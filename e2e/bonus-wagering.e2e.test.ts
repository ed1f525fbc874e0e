import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { operator } from './support/operator.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';
import { callApi, newPlayer, type Player } from './support/player.ts';

// Bonus from a gift code needs bets of 1× (the default BONUS_WAGERING_MULTIPLIER) before it can be
// exchanged (decision 0009): the exchange dialog shows how much more to bet, in English and
// right-to-left in Arabic, and lets the exchange through once the bets are placed. Each test makes its
// own player with ₹100 of cash and a ₹50 gift of bonus, and places its bets through the API.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests();

async function playerWithGift(): Promise<Player> {
  const player = await newPlayer(tests.app, { cashRupees: 100 });
  const code = operator(tests.app, 'gift:create', '--amount', '50', '--uses', '1').at(-1)!.trim();
  expect(await callApi(tests.app, '/cash/redeemGift', { code }, player.token)).toMatchObject({ wallet: 'bonus', bonus: '50.00' });
  return player;
}

let betSequence = 0;
/** A Win Go 1-minute bet of `rupees`, placed once the open period has at least 3 s of betting left. */
async function betWingo(player: Player, rupees: string) {
  let period = '';
  await expect
    .poll(
      async () => {
        const state = await callApi(tests.app, '/wingo/getPeriod', { min: 60 }, player.token);
        period = state.period;
        return state.state === 'betting' && state.bettingClosesAtMs - state.serverTimeMs > 3_000;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  betSequence += 1;
  await callApi(
    tests.app,
    '/wingo/pour',
    {
      min: 60,
      period,
      select: 'green',
      contractMoney: rupees,
      contractCount: 1,
      agree: true,
      requestKey: `e2e-wagering-${betSequence}-${period}`,
    },
    player.token,
  );
}

/** Opens the exchange dialog from Mine and waits for its wagering progress. */
async function openExchange(page: Page, openLabel: string): Promise<Locator> {
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
  it('keeps a gift of bonus locked, showing the bets of 1× it still needed', async () => {
    const page = await tests.openPage(await playerWithGift());
    const dialog = await openExchange(page, en.exchange.open);
    expect(await plainText(dialog, 'wagering-remaining')).toBe(fill(en.exchange.wagering.remaining, { amount: '₹50.00' }));
    expect(await plainText(dialog, 'wagering-of')).toBe(fill(en.exchange.wagering.of, { wagered: '₹0.00', required: '₹50.00' }));
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(await dialog.getByRole('button', { name: en.exchange.submit, exact: true }).isDisabled()).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  it('counts a bet placed after the gift', async () => {
    const player = await playerWithGift();
    await betWingo(player, '20');
    const page = await tests.openPage(player);
    const dialog = await openExchange(page, en.exchange.open);
    expect(await plainText(dialog, 'wagering-remaining')).toBe(fill(en.exchange.wagering.remaining, { amount: '₹30.00' }));
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it('lays the progress out right-to-left in Arabic, the bar growing from the right', async () => {
    const player = await playerWithGift();
    await betWingo(player, '20');
    const page = await tests.openPage(player, { language: 'ar' });
    const dialog = await openExchange(page, ar.exchange.open);
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
  });

  it('lets the exchange through once the bets reach the bonus', async () => {
    const player = await playerWithGift();
    await betWingo(player, '20');
    await betWingo(player, '30');
    const page = await tests.openPage(player);
    const dialog = await openExchange(page, en.exchange.open);
    expect(await plainText(dialog, 'wagering-remaining')).toBe(en.exchange.wagering.unlocked);
    await dialog.getByRole('button', { name: en.exchange.all, exact: true }).click();
    await dialog.getByRole('button', { name: en.exchange.submit, exact: true }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => textOf(page, 'bonus'), { timeout: 10_000 }).toBe('₹0.00');
  });
});
