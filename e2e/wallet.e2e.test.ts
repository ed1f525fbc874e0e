import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { operator } from './support/operator.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';
import { callApi, logInThroughScreen, newPlayer, type Player } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// The wallet in a real browser: a player redeems a gift code an operator created, exchanges part of
// the bonus for cash, receives an operator adjustment, and finds every movement on /transactions with
// the right signs and balances. Each test makes its own player and brings it to where the test starts
// through the API. Texts come from the locale files so the test follows the translations.

const en = readLocale('en-US');
const ar = readLocale('ar');
// This file is about the exchange itself; bonus-wagering.e2e.test.ts shows the bets it needs by default.
const tests = setUpBrowserTests({ BONUS_WAGERING_MULTIPLIER: '0' });

type Row = { type: string | null; wallet: string | null; text: string; amount: string };

async function transactionRows(page: Page): Promise<Row[]> {
  return page.getByTestId('transaction-row').evaluateAll((rows) =>
    rows.map((row) => ({
      type: row.getAttribute('data-type'),
      wallet: row.getAttribute('data-wallet'),
      text: row.textContent ?? '',
      amount: row.querySelector('[data-testid="transaction-amount"]')?.textContent ?? '',
    })),
  );
}

function createGift(rupees: number): string {
  const code = operator(tests.app, 'gift:create', '--amount', String(rupees), '--uses', '1').at(-1)!.trim();
  expect(code).toMatch(/^[A-Z0-9]{4,32}$/);
  return code;
}

/** A player who redeemed a ₹50 gift, moved ₹20 of it to cash, and got ₹100 from an operator. */
async function playerWithMovements(): Promise<{ player: Player; giftCode: string }> {
  const player = await newPlayer(tests.app);
  const giftCode = createGift(50);
  await callApi(tests.app, '/cash/redeemGift', { code: giftCode }, player.token);
  await callApi(tests.app, '/user/exchangeBonus', { bonus: '20', requestKey: randomUUID() }, player.token);
  operator(
    tests.app,
    'user:adjust',
    '--user',
    player.mobile,
    '--amount',
    '100',
    '--reason',
    'e2e',
    '--key',
    `e2e-${player.mobile}-adjust`,
  );
  return { player, giftCode };
}

describe('the wallet in Chromium at 360×740', () => {
  it('logs in a new player with empty balances and the exchange disabled with its reason', async () => {
    const player = await newPlayer(tests.app);
    const page = await tests.openPage();
    await logInThroughScreen(page, player);
    await expect.poll(() => textOf(page, 'bonus'), { timeout: 10_000 }).toBe('₹0.00');
    expect(await textOf(page, 'balance')).toBe('₹0.00');
    expect(await page.getByRole('button', { name: en.exchange.open, exact: true }).isDisabled()).toBe(true);
    expect(await page.textContent('body')).toContain(en.exchange.noBonus);
  });

  it('redeems a gift code the operator created, on /gift', async () => {
    const giftCode = createGift(50);
    const page = await tests.openPage(await newPlayer(tests.app));
    await page.goto('/mine');
    await page.getByRole('link', { name: en.mine.redeemGift }).click();
    await expect.poll(() => page.url()).toMatch(/\/gift$/);
    await page.getByLabel(en.gift.codeLabel).fill(giftCode.toLowerCase());
    expect(await page.getByLabel(en.gift.codeLabel).inputValue()).toBe(giftCode);
    await page.getByRole('button', { name: en.gift.redeem, exact: true }).click();

    const success = page.getByTestId('gift-success');
    await expect.poll(async () => (await success.textContent()) ?? '', { timeout: 10_000 }).toContain(en.gift.success);
    expect(await textOf(page, 'gift-amount')).toBe('₹50.00');
    expect(await textOf(page, 'gift-wallet')).toBe(en.transactions.wallets.bonus);
    expect(await textOf(page, 'gift-bonus')).toBe('₹50.00');
    expect(await textOf(page, 'gift-balance')).toBe('₹0.00');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('gift-360x740.png') });
  });

  it('shows the bonus on /mine and exchanges ₹20 of it to cash', async () => {
    const player = await newPlayer(tests.app);
    await callApi(tests.app, '/cash/redeemGift', { code: createGift(50) }, player.token);
    const page = await tests.openPage(player);
    await page.goto('/mine');
    await expect.poll(() => textOf(page, 'bonus'), { timeout: 10_000 }).toBe('₹50.00');
    expect(await textOf(page, 'balance')).toBe('₹0.00');

    await page.getByRole('button', { name: en.exchange.open, exact: true }).click();
    const dialog = page.getByTestId('exchange-bonus-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await textOf(page, 'exchange-available-bonus')).toBe('₹50.00');
    const amount = dialog.getByLabel(en.exchange.amountLabel);
    const submit = dialog.getByRole('button', { name: en.exchange.submit, exact: true });

    // Checked before any request, with the contracts' codes.
    await submit.click();
    await expect.poll(async () => (await dialog.textContent()) ?? '').toContain(en.errors.BONUS_REQUIRED);
    await amount.fill('50.01');
    await submit.click();
    await expect.poll(async () => (await dialog.textContent()) ?? '').toContain(en.errors.INSUFFICIENT_BONUS);
    await dialog.getByRole('button', { name: en.exchange.all, exact: true }).click();
    expect(await amount.inputValue()).toBe('50.00');
    expect(await hasHorizontalOverflow(page)).toBe(false);

    await amount.fill('20');
    await submit.click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => textOf(page, 'balance'), { timeout: 10_000 }).toBe('₹20.00');
    expect(await textOf(page, 'bonus')).toBe('₹30.00');
    await expect.poll(async () => (await page.textContent('body')) ?? '').toContain('₹20.00 moved from bonus to cash.');
  });

  it('lists the gift, both sides of the exchange and an operator credit on /transactions', async () => {
    const { player, giftCode } = await playerWithMovements();
    const page = await tests.openPage(player);
    await page.goto('/mine');
    await page.getByRole('link', { name: en.titles.transactions }).click();
    await expect.poll(() => page.url()).toMatch(/\/transactions$/);
    await expect.poll(async () => (await transactionRows(page)).length, { timeout: 10_000 }).toBe(4);
    const rows = await transactionRows(page);
    expect(rows.map(({ type, wallet, amount }) => ({ type, wallet, amount }))).toEqual([
      { type: 'adjustment', wallet: 'cash', amount: '+₹100.00' },
      { type: 'bonus_exchange', wallet: 'bonus', amount: '-₹20.00' },
      { type: 'bonus_exchange', wallet: 'cash', amount: '+₹20.00' },
      { type: 'gift', wallet: 'bonus', amount: '+₹50.00' },
    ]);
    expect(rows[0]!.text).toContain(en.transactions.types.adjustment);
    expect(rows[0]!.text).toContain('₹120.00');
    expect(rows[1]!.text).toContain(en.transactions.types.bonus_exchange);
    expect(rows[1]!.text).toContain('₹30.00');
    expect(rows[2]!.text).toContain(en.transactions.wallets.cash);
    expect(rows[3]!.text).toContain(en.transactions.types.gift);
    expect(rows[3]!.text).toContain(giftCode);
    // Money in is green, money out is red.
    const colours = await page
      .getByTestId('transaction-amount')
      .evaluateAll((amounts) => amounts.map((amount) => getComputedStyle(amount).color));
    expect(colours[0]).toBe(colours[2]);
    expect(colours[0]).not.toBe(colours[1]);
    await expect.poll(() => page.getByTestId('transactions-end').isVisible()).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('transactions-360x740.png') });

    await page.getByRole('button', { name: en.transactions.types.gift, exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/transactions\?type=gift$/);
    await expect
      .poll(async () => (await transactionRows(page)).map(({ type, amount }) => `${type} ${amount}`), { timeout: 10_000 })
      .toEqual(['gift +₹50.00']);
    expect(await page.getByRole('button', { name: en.transactions.types.gift, exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('refuses a second redemption of the same code in the player language', async () => {
    const player = await newPlayer(tests.app);
    const giftCode = createGift(50);
    await callApi(tests.app, '/cash/redeemGift', { code: giftCode }, player.token);
    const page = await tests.openPage(player);
    await page.goto('/gift');
    await page.getByLabel(en.gift.codeLabel).fill(giftCode);
    await page.getByRole('button', { name: en.gift.redeem, exact: true }).click();
    const fieldError = page.locator('#gift-code-error');
    await expect
      .poll(async () => (await fieldError.textContent()) ?? '', { timeout: 10_000 })
      .toBe(en.errors.GIFT_ALREADY_REDEEMED);
    expect(await page.getByTestId('gift-success').count()).toBe(0);
  });

  it('lays the wallet screens out right-to-left in Arabic without overflow', async () => {
    const { player } = await playerWithMovements();
    const page = await tests.openPage(player, { language: 'ar' });
    await page.goto('/transactions');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(async () => (await transactionRows(page)).length, { timeout: 10_000 }).toBe(4);
    expect(await page.textContent('body')).toContain(ar.transactions.types.bonus_exchange);
    expect((await transactionRows(page))[0]!.amount).toBe('+₹100.00');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // Set E2E_EXTRA_SCREENSHOTS (any value) to also keep the Arabic screens for review.
    const isKeepingExtras = Boolean(process.env.E2E_EXTRA_SCREENSHOTS);
    if (isKeepingExtras) await page.screenshot({ path: screenshotPath('transactions-ar-360x740.png') });

    await page.goto('/gift');
    await page.getByLabel(ar.gift.codeLabel).fill('NOSUCHCODE');
    await page.getByRole('button', { name: ar.gift.redeem, exact: true }).click();
    await expect
      .poll(async () => (await page.locator('#gift-code-error').textContent()) ?? '', { timeout: 10_000 })
      .toBe(ar.errors.GIFT_NOT_FOUND);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (isKeepingExtras) await page.screenshot({ path: screenshotPath('gift-ar-360x740.png') });

    await page.goto('/mine');
    await page.getByRole('button', { name: ar.exchange.open, exact: true }).click();
    await expect.poll(() => page.getByTestId('exchange-bonus-dialog').isVisible()).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (isKeepingExtras) await page.screenshot({ path: screenshotPath('exchange-ar-360x740.png') });
  });
});
