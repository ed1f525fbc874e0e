import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { latestCode, operator } from './support/operator.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';
import { newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// The Promotion tab in a real browser: a player finds their invitation (code, link, QR), copies the
// link, a friend registers through it with the code already filled in and recharges ₹300 through the
// sandbox gateway, and the inviter's screen then counts one direct member and the ₹158 invite bonus
// (the default settings). The same screen in Arabic reads right-to-left without sideways scrolling.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests();

/** A mobile number no other test of this app uses (its registration code must not be held back). */
function freshMobile(): string {
  return `8${String(randomInt(100_000_000, 999_999_999))}`;
}

/** Opens Promotion from the bottom bar and waits for the invitation. */
async function openPromotionTab(page: Page): Promise<void> {
  await page.goto('/mine');
  await page.getByRole('link', { name: en.nav.promotion, exact: true }).click();
  await expect.poll(() => page.url()).toMatch(/\/promotion$/);
  await page.getByTestId('promotion-code').waitFor({ timeout: 15_000 });
}

/** Registers a new player on the page's current registration screen; returns with the profile shown. */
async function registerOnScreen(page: Page, mobile: string): Promise<void> {
  const password = `Pass-${mobile.slice(-4)}-e2e`;
  await page.getByLabel(en.auth.mobileLabel).fill(mobile);
  await page.getByRole('button', { name: en.auth.sendCode }).click();
  await page.getByLabel(en.auth.codeLabel).fill(await latestCode(tests.app, mobile));
  await page.getByLabel(en.auth.passwordLabel, { exact: true }).fill(password);
  await page.getByLabel(en.auth.confirmPasswordLabel).fill(password);
  await page.getByLabel(en.register.ageConfirm).check();
  await page.getByLabel(en.register.riskAccept).check();
  await page.getByRole('button', { name: en.register.submit, exact: true }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/mine$/);
}

/** Recharges through the sandbox gateway's page and waits for the completed record. */
async function rechargeInSandbox(page: Page, rupees: number): Promise<void> {
  await page.goto('/recharge');
  await page.getByLabel('Amount', { exact: true }).fill(String(rupees));
  await page.getByRole('button', { name: en.titles.recharge, exact: true }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/sandbox-pay\/R\d{20}/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/recharge_log$/);
  await expect
    .poll(() => page.getByTestId('recharge-record').first().getByTestId('record-status').textContent(), { timeout: 10_000 })
    .toBe('COMPLETED');
}

describe('the Promotion tab in Chromium at 360×740', () => {
  it(
    'shows the invitation, copies the link, and counts the friend who registered through it and the ₹158 bonus',
    { timeout: 180_000 },
    async () => {
      const inviter = await newPlayer(tests.app);
      const page = await tests.openPage(inviter);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tests.app.baseUrl });
      await openPromotionTab(page);

      const code = (await textOf(page, 'promotion-code')).trim();
      expect(code).toMatch(/^[A-Z0-9]{4,}$/);
      const link = (await textOf(page, 'promotion-link')).trim();
      const linkUrl = new URL(link);
      expect(linkUrl.pathname).toBe('/reg');
      expect(linkUrl.searchParams.get('code')).toBe(code);
      // The QR code is the server's SVG drawn as an image, and it decodes as one (it has a size).
      const qr = page.getByTestId('promotion-qr');
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      expect(await textOf(page, 'promotion-direct-count')).toBe('0');
      expect(await textOf(page, 'promotion-bonus-total')).toBe('₹0.00');
      // The amounts sit in left-to-right isolates (U+2066…U+2069) so they keep their order in Arabic.
      expect((await textOf(page, 'promotion-bonus-rule')).replace(/[\u2066\u2069]/g, '')).toBe(
        en.agent.promotion.bonusRule.replace('{{threshold}}', '₹300.00').replace('{{amount}}', '₹158.00'),
      );
      // Share appears exactly where the browser has the Web Share API.
      const hasWebShare = await page.evaluate(() => typeof navigator.share === 'function');
      expect(await page.getByTestId('promotion-share').count()).toBe(hasWebShare ? 1 : 0);
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await page.getByRole('button', { name: en.agent.promotion.copyLink, exact: true }).click();
      await expect.poll(() => page.textContent('body')).toContain(en.agent.promotion.linkCopied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByRole('button', { name: en.agent.promotion.copyCode, exact: true }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);

      // The friend opens the copied link. Its origin is the deployment's public address; the test's
      // server answers on 127.0.0.1, so the friend follows the same path and query there.
      const friendPage = await tests.openPage();
      await friendPage.goto(`${linkUrl.pathname}${linkUrl.search}`);
      const invitationField = friendPage.getByLabel(en.register.invitationLabel);
      await expect.poll(() => invitationField.inputValue(), { timeout: 10_000 }).toBe(code);
      await registerOnScreen(friendPage, freshMobile());
      await rechargeInSandbox(friendPage, 300);

      await expect
        .poll(
          async () => {
            await openPromotionTab(page);
            return [await textOf(page, 'promotion-direct-count'), await textOf(page, 'promotion-bonus-total')];
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toEqual(['1', '₹158.00']);
      expect(await textOf(page, 'promotion-team-count')).toBe('1');
      expect(await textOf(page, 'promotion-new-today')).toBe('1');
      expect(await textOf(page, 'promotion-bonus-count')).toBe('1');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('promotion-en-360x740.png') });
      await page.screenshot({ path: screenshotPath('promotion-en-360-full.png'), fullPage: true });
      expect(operator(tests.app, 'ledger:check').join('\n')).toContain('ledger OK');
    },
  );

  it('lays Promotion out right-to-left in Arabic without sideways scrolling at 360 and 320 px', async () => {
    const page = await tests.openPage(await newPlayer(tests.app), { language: 'ar' });
    await page.goto('/promotion');
    await page.getByTestId('promotion-code').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const body = (await page.textContent('body')) ?? '';
    expect(body).toContain(ar.agent.promotion.invitationTitle);
    expect(body).toContain(ar.agent.promotion.howTitle);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('promotion-ar-360x740.png') });
    await page.screenshot({ path: screenshotPath('promotion-ar-360-full.png'), fullPage: true });
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('promotion-ar-320-full.png'), fullPage: true });
  });
});
