import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { latestCode } from './support/operator.ts';
import { hasHorizontalOverflow } from './support/page.ts';
import { logInThroughScreen, newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// A player's first visit in a real browser: the home screen with its notice, registration with a code
// from the outbox, Arabic right-to-left, logout and login again. Each test makes its own visitor or
// player. Texts come from the locale files so the test follows the translations rather than copies.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests();

describe('a new player in Chromium at 360×740', () => {
  it('opens the home screen with its notice, games and banner, and keeps a screenshot', async () => {
    const page = await tests.openPage(undefined, { isFirstVisit: true });
    await page.goto('/');
    const notice = page.getByRole('dialog');
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notice.textContent()).toContain('Welcome to Mayur');
    await page.screenshot({ path: screenshotPath('home-notice-360x740.png') });
    await page.getByRole('button', { name: en.notice.confirm }).click();
    await expect.poll(() => notice.isVisible()).toBe(false);

    for (const name of ['Win Go 1Min', 'Win Go 3Min', 'Win Go 5Min', 'Aviator', 'Crash']) {
      expect(await page.getByRole('link', { name: new RegExp(name) }).count()).toBeGreaterThan(0);
    }
    expect(await page.getByRole('tab', { name: en.home.codeGames }).isVisible()).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('home-360x740.png') });

    await page
      .getByRole('link', { name: /Win Go 3Min/ })
      .first()
      .click();
    await expect.poll(() => page.url()).toMatch(/\/games\/wingo\?min=180$/);
  });

  it('says the app is not available from the notice’s download link when no apk is installed', async () => {
    const page = await tests.openPage(undefined, { isFirstVisit: true });
    await page.goto('/');
    const notice = page.getByRole('dialog');
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    await notice.getByRole('link', { name: en.notice.download }).click();
    // The same answer as the header's download button, not the server's JSON 404.
    await expect
      .poll(async () => (await page.textContent('body')) ?? '', { timeout: 10_000 })
      .toContain(en.download.notAvailable);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.textContent('body')).not.toContain('"res"');
  });

  it('registers by mobile with a code from the outbox and lands on the profile', async () => {
    const mobile = '9812345678';
    const password = 'Secret-pass-42';
    const page = await tests.openPage();
    await page.goto('/reg');
    await page.getByLabel(en.auth.mobileLabel).fill(mobile);
    await page.getByRole('button', { name: en.auth.sendCode }).click();
    const code = await latestCode(tests.app, mobile);
    await page.getByLabel(en.auth.codeLabel).fill(code);
    await page.getByLabel(en.auth.passwordLabel, { exact: true }).fill(password);
    await page.getByLabel(en.auth.confirmPasswordLabel).fill(password);
    await page.getByLabel(en.register.ageConfirm).check();
    await page.getByLabel(en.register.riskAccept).check();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.getByRole('button', { name: en.register.submit, exact: true }).click();

    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/mine$/);
    const profile = page.getByTestId('profile-card');
    await expect.poll(async () => (await profile.textContent()) ?? '', { timeout: 10_000 }).toContain('Member5678');
    expect(await profile.textContent()).toContain(mobile);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('switches to Arabic: the page reloads right-to-left with Arabic text', async () => {
    const page = await tests.openPage();
    await page.goto('/');
    await page.getByTestId('language-picker').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'العربية' }).click()]);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    await expect.poll(async () => (await page.textContent('body')) ?? '').toContain(ar.home.codeGames);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('home-ar-360x740.png') });

    await page.getByTestId('language-picker').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'English' }).click()]);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });

  it('logs out after confirming, and logs in again by phone', async () => {
    const player = await newPlayer(tests.app);
    const page = await tests.openPage(player);
    await page.goto('/mine');
    await expect
      .poll(async () => (await page.getByTestId('profile-card').textContent()) ?? '', { timeout: 10_000 })
      .toContain(player.mobile);
    await page.getByRole('button', { name: en.mine.logout }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect.poll(async () => (await confirm.textContent()) ?? '').toContain(en.mine.logoutQuestion);
    await confirm.getByRole('button', { name: en.common.confirm }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await logInThroughScreen(page, player);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe(player.token);
    await expect.poll(async () => (await page.getByTestId('profile-card').textContent()) ?? '').toContain(player.mobile);
  });

  it('shows a refusal in the player language instead of failing silently', async () => {
    const page = await tests.openPage();
    await page.goto('/login');
    await page.getByLabel(en.auth.mobileLabel).fill('9899999999');
    await page.getByLabel(en.auth.passwordLabel, { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: en.auth.loginButton }).click();
    await expect.poll(async () => (await page.textContent('body')) ?? '', { timeout: 10_000 }).toContain(en.errors.LOGIN_FAILED);
  });
});
