import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_MOBILE, DEMO_PASSWORD } from './support/demo-player.ts';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { latestCode, operator } from './support/operator.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';
import { logInThroughScreen, newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Payments in a real browser on the embedded default, as a player and an operator would do them:
// set a withdrawal password, add a bank card, recharge through the sandbox gateway's page, withdraw,
// the operator approves by CLI, and both records show the outcome; a USDT recharge with its
// single-use address, confirmed by the operator; the screens in Arabic. Each test has its own player:
// the bank journey uses the seeded demo player, whose phone has had no code yet (a new player's
// registration code would hold the next one back for a minute).

const en = readLocale('en-US');
const ar = readLocale('ar');
const WITHDRAW_PASSWORD = 'wd-pass-2026';
const tests = setUpBrowserTests();

async function recordStatuses(page: Page, testId: string): Promise<string[]> {
  return page
    .getByTestId(testId)
    .evaluateAll((rows) => rows.map((row) => row.querySelector('[data-testid="record-status"]')?.textContent?.trim() ?? ''));
}

describe('recharge and withdrawal in Chromium at 360×740', () => {
  it(
    'sets a withdrawal password, adds a bank card, recharges ₹500, withdraws ₹300 and the operator pays it',
    { timeout: 180_000 },
    async () => {
      const page = await tests.openPage();
      await logInThroughScreen(page, { mobile: DEMO_MOBILE, password: DEMO_PASSWORD });
      await page.goto('/reset');
      await page.getByRole('button', { name: en.auth.sendCode }).click();
      await page.getByLabel(en.auth.codeLabel).fill(await latestCode(tests.app, DEMO_MOBILE));
      await page.getByLabel(en.security.newWithdrawPasswordLabel).fill(WITHDRAW_PASSWORD);
      await page.getByLabel(en.security.confirmWithdrawPasswordLabel).fill(WITHDRAW_PASSWORD);
      await page.getByRole('button', { name: en.security.saveWithdrawPassword }).click();
      await expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain(en.security.withdrawPasswordSaved);

      // A bank card, from the profile.
      await page.goto('/mine');
      await page.getByRole('link', { name: en.titles.bank, exact: true }).click();
      await expect.poll(() => page.url()).toMatch(/\/bank$/);
      await page
        .getByRole('link', { name: 'Add Bank Card' })
        .or(page.getByRole('button', { name: 'Add Bank Card' }))
        .first()
        .click();
      await expect.poll(() => page.url()).toMatch(/\/addbank/);
      await page.getByLabel('Actual Name').fill('Demo Player');
      await page.getByLabel('IFSC Code').fill('hdfc0001234');
      await page.getByLabel('Bank Name').fill('HDFC Bank');
      await page.getByLabel('Bank Account').fill('123456789012');
      await page.getByLabel('Email').fill('demo@mayur.local');
      await page.getByLabel('Mobile Number').fill(DEMO_MOBILE);
      await page.getByLabel('Withdrawal Password').fill(WITHDRAW_PASSWORD);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/bank$/);
      await expect.poll(() => page.textContent('body')).toContain('HDFC Bank');
      expect(await page.textContent('body')).toContain('9012');
      expect(await hasHorizontalOverflow(page)).toBe(false);

      // ₹500 through the sandbox gateway's page.
      await page.goto('/recharge');
      await page.getByLabel('Amount', { exact: true }).fill('500');
      await page.getByRole('button', { name: 'Recharge', exact: true }).click();
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/sandbox-pay\/R\d{20}/);
      expect(await page.textContent('body')).toContain('₹500.00');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/recharge_log$/);
      await expect.poll(() => recordStatuses(page, 'recharge-record'), { timeout: 10_000 }).toEqual(['COMPLETED']);
      await page.screenshot({ path: screenshotPath('recharge-record.png') });
      await page.goto('/mine');
      await expect.poll(() => textOf(page, 'balance'), { timeout: 10_000 }).toBe('₹500.00');

      // ₹300 to the card after confirming; never below the minimum.
      await page.goto('/withdraw');
      await page.getByLabel('Amount', { exact: true }).fill('100');
      await page.getByLabel('Withdrawal Password').fill(WITHDRAW_PASSWORD);
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expect.poll(() => page.textContent('body')).toContain(en.errors.WITHDRAW_AMOUNT_INVALID);

      await page.getByLabel('Amount', { exact: true }).fill('300');
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/withdraw_log$/);
      await expect.poll(() => recordStatuses(page, 'withdraw-record'), { timeout: 10_000 }).toEqual(['Wait']);

      // The operator approves by CLI and the player sees Success; the balance is ₹200.
      const listed = operator(tests.app, 'withdraw:list', '--status', 'WAIT').join('\n');
      const withdrawNo = /W\d{20}/.exec(listed)?.[0];
      expect(withdrawNo, listed).toBeDefined();
      expect(listed).toContain('HDFC0001234');
      expect(operator(tests.app, 'withdraw:approve', '--id', withdrawNo!).join('\n')).toContain('paid');
      // Approving twice is refused.
      expect(tests.app.admin('withdraw:approve', '--id', withdrawNo!).status).toBe(1);

      await page.goto('/withdraw_log');
      await expect.poll(() => recordStatuses(page, 'withdraw-record'), { timeout: 10_000 }).toEqual(['Success']);
      await page.screenshot({ path: screenshotPath('withdraw-record.png') });
      await page.goto('/recharge_log');
      await expect.poll(() => recordStatuses(page, 'recharge-record'), { timeout: 10_000 }).toEqual(['COMPLETED']);
      await page.goto('/mine');
      await expect.poll(() => textOf(page, 'balance'), { timeout: 10_000 }).toBe('₹200.00');
      expect(operator(tests.app, 'ledger:check').join('\n')).toContain('ledger OK');
    },
  );

  it('opens a USDT order with a single-use address and QR, submits Transfer Finish, and the operator confirms it', async () => {
    const page = await tests.openPage(await newPlayer(tests.app));
    await page.goto('/rechargeemail');
    await page.getByLabel('Amount', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Get deposit address', exact: true }).click();
    const qr = page.locator('img[src^="data:image/svg+xml"]');
    await expect.poll(() => qr.count(), { timeout: 10_000 }).toBe(1);
    const body = (await page.textContent('body')) ?? '';
    const address = /T[1-9A-HJ-NP-Za-km-z]{33}/.exec(body)?.[0];
    expect(address, body).toBeDefined();
    await page.screenshot({ path: screenshotPath('usdt-recharge.png') });
    await page.getByRole('button', { name: 'Transfer Finish', exact: true }).click();
    await expect
      .poll(() => page.textContent('body'), { timeout: 10_000 })
      .toContain('The transfer verification has been submitted, please wait patiently');

    const listed = operator(tests.app, 'deposit:list', '--status', 'WAIT').join('\n');
    expect(listed).toContain(address!);
    expect(listed).toContain('Transfer Finish');
    const orderNo = new RegExp(`(R\\d{20})[^\\n]*${address}`).exec(listed)?.[1];
    expect(operator(tests.app, 'deposit:confirm', '--order', orderNo!).join('\n')).toContain('credited');

    await page.goto('/recharge_log');
    await expect.poll(() => recordStatuses(page, 'recharge-record'), { timeout: 10_000 }).toEqual(['COMPLETED']);
    await page.goto('/mine');
    // 10 USDT at the default ₹92.
    await expect.poll(() => textOf(page, 'balance'), { timeout: 10_000 }).toBe('₹920.00');
  });

  it('lays the payment screens out right-to-left in Arabic without overflow', async () => {
    const page = await tests.openPage(await newPlayer(tests.app), { language: 'ar' });
    const titleKeys: Record<string, string> = {
      '/bank': 'bank',
      '/recharge': 'recharge',
      '/rechargeemail': 'recharge',
      '/withdraw': 'withdraw',
      '/withdraw_log': 'withdrawRecord',
      '/recharge_log': 'rechargeRecord',
    };
    for (const [route, titleKey] of Object.entries(titleKeys)) {
      await page.goto(route);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain(ar.titles[titleKey]);
      expect(await hasHorizontalOverflow(page), route).toBe(false);
    }
    await page.goto('/withdraw');
    await expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain(ar.cash.withdraw.submit);
  });
});
