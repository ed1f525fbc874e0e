import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './support/app-process.ts';
import { operator } from './support/operator.ts';
import { launchBrowser } from './support/browser.ts';
import { DEMO_MOBILE, logInAsDemo, returningPlayerContext } from './support/demo-player.ts';
import { readLocale } from './support/locales.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';

// The wallet in a real browser: the demo player redeems a gift code an operator created, exchanges
// part of the bonus for cash, receives an operator adjustment, and finds every movement on
// /transactions with the right signs and balances. Texts come from the locale files (one JSON per
// namespace, merged here) so the test follows the translations rather than copies of them.

const root = path.resolve(import.meta.dirname, '..');
const en = readLocale('en-US');
const ar = readLocale('ar');

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let giftCode: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  // This file is about the exchange itself; bonus-wagering.e2e.test.ts shows the bets it needs by default.
  app = await startApp({ BONUS_WAGERING_MULTIPLIER: '0' });
  browser = await launchBrowser();
  context = await returningPlayerContext(browser, app.baseUrl);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type Row = { type: string | null; wallet: string | null; text: string; amount: string };

async function transactionRows(): Promise<Row[]> {
  return page.getByTestId('transaction-row').evaluateAll((rows) =>
    rows.map((row) => ({
      type: row.getAttribute('data-type'),
      wallet: row.getAttribute('data-wallet'),
      text: row.textContent ?? '',
      amount: row.querySelector('[data-testid="transaction-amount"]')?.textContent ?? '',
    })),
  );
}

describe('the demo player wallet in Chromium at 360×740', () => {
  it('logs in as the demo player', async () => {
    await logInAsDemo(page);
    await expect.poll(() => textOf(page, 'bonus'), { timeout: 10_000 }).toBe('₹0.00');
    expect(await textOf(page, 'balance')).toBe('₹0.00');
    // Disabled with its reason while there is no bonus to exchange.
    expect(await page.getByRole('button', { name: en.exchange.open, exact: true }).isDisabled()).toBe(true);
    expect(await page.textContent('body')).toContain(en.exchange.noBonus);
  });

  it('redeems a gift code the operator created, on /gift', async () => {
    giftCode = operator(app, 'gift:create', '--amount', '50', '--uses', '1').at(-1)!.trim();
    expect(giftCode).toMatch(/^[A-Z0-9]{4,32}$/);

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
    await page.screenshot({ path: path.join(root, 'docs/screenshots/gift-360x740.png') });
  });

  it('shows the bonus on /mine and exchanges ₹20 of it to cash', async () => {
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
    operator(app, 'user:adjust', '--user', DEMO_MOBILE, '--amount', '100', '--reason', 'e2e');

    await page.goto('/mine');
    await page.getByRole('link', { name: en.titles.transactions }).click();
    await expect.poll(() => page.url()).toMatch(/\/transactions$/);
    await expect.poll(async () => (await transactionRows()).length, { timeout: 10_000 }).toBe(4);
    const rows = await transactionRows();
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
    await page.screenshot({ path: path.join(root, 'docs/screenshots/transactions-360x740.png') });

    await page.getByRole('button', { name: en.transactions.types.gift, exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/transactions\?type=gift$/);
    await expect
      .poll(async () => (await transactionRows()).map(({ type, amount }) => `${type} ${amount}`), { timeout: 10_000 })
      .toEqual(['gift +₹50.00']);
    expect(await page.getByRole('button', { name: en.transactions.types.gift, exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('refuses a second redemption of the same code in the player language', async () => {
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
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/transactions');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(async () => (await transactionRows()).length, { timeout: 10_000 }).toBe(4);
    expect(await page.textContent('body')).toContain(ar.transactions.types.bonus_exchange);
    expect((await transactionRows())[0]!.amount).toBe('+₹100.00');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // Set E2E_EXTRA_SCREENSHOTS to a folder to also keep the Arabic screens for review.
    const shots = process.env.E2E_EXTRA_SCREENSHOTS;
    if (shots) await page.screenshot({ path: path.join(shots, 'transactions-ar-360x740.png') });

    await page.goto('/gift');
    await page.getByLabel(ar.gift.codeLabel).fill('NOSUCHCODE');
    await page.getByRole('button', { name: ar.gift.redeem, exact: true }).click();
    await expect
      .poll(async () => (await page.locator('#gift-code-error').textContent()) ?? '', { timeout: 10_000 })
      .toBe(ar.errors.GIFT_NOT_FOUND);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (shots) await page.screenshot({ path: path.join(shots, 'gift-ar-360x740.png') });

    await page.goto('/mine');
    await page.getByRole('button', { name: ar.exchange.open, exact: true }).click();
    await expect.poll(() => page.getByTestId('exchange-bonus-dialog').isVisible()).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    if (shots) await page.screenshot({ path: path.join(shots, 'exchange-ar-360x740.png') });
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  });

  it('raised no script errors along the way', () => {
    expect(pageErrors).toEqual([]);
  });
});
