import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { currentCode, setUpConsoleTests } from './support/admin-console.ts';

// The console's session is the browser's, not one tab's: an operator who signs in in one tab is signed
// in in the others, even those already open, and signing out in any tab signs out every tab. The sign-in
// form sends the password and the authenticator's code together, and a wrong code is refused exactly as
// a wrong password is.

const tests = setUpConsoleTests();

const isSignedIn = (page: Page) => page.getByTestId('operator-name').isVisible();
const isOnSignIn = (page: Page) => page.getByRole('button', { name: en.signIn.submit }).isVisible();

async function signIn(page: Page, login: string, password: string, code: string) {
  await page.getByLabel(en.signIn.login).fill(login);
  await page.getByLabel(en.signIn.password, { exact: true }).fill(password);
  await page.getByLabel(en.signIn.code).fill(code);
  await page.getByRole('button', { name: en.signIn.submit }).click();
}

/** Waits for the authenticator's next 30-second step, so its code has not been used yet. */
async function nextTotpStep() {
  const step = Math.floor(Date.now() / 30_000);
  while (Math.floor(Date.now() / 30_000) === step) await new Promise((resolve) => setTimeout(resolve, 250));
}

describe('console sessions across the tabs of one browser', () => {
  it(
    'signing in in one tab signs in the others; signing out in one signs out all; a wrong code is refused like a wrong password',
    { timeout: 180_000 },
    async () => {
      const login = 'tabs@mayur.test';
      const password = 'tabs has a long password';
      const created = tests.app().admin('operator:create', '--login', login, '--name', 'Tara Tabs', '--role', 'support');
      expect(created.status, created.stderr).toBe(0);
      const first = await tests.desktopPage();
      const second = await first.context().newPage();
      const pageErrors: string[] = [];
      second.on('pageerror', (error) => pageErrors.push(error.message));
      await second.goto('/admin/');
      await expect.poll(() => isOnSignIn(second), { timeout: 15_000 }).toBe(true);

      // Enrolment in the first tab signs in the second, already open, without a reload.
      const secret = await tests.enrol(first, login, created.stdout.trim().split('\n').at(-1)!, password);
      await expect.poll(() => second.getByTestId('operator-name').textContent(), { timeout: 10_000 }).toBe('Tara Tabs');
      // A tab opened now is signed in too; the session is in localStorage, not one tab's sessionStorage.
      const third = await first.context().newPage();
      third.on('pageerror', (error) => pageErrors.push(error.message));
      await third.goto('/admin/');
      await expect.poll(() => isSignedIn(third), { timeout: 15_000 }).toBe(true);
      expect(await third.evaluate(() => [Boolean(localStorage.getItem('mayur-admin-session')), sessionStorage.length])).toEqual([
        true,
        0,
      ]);

      // Signing out in the second tab signs out the first and the third.
      await second.getByRole('button', { name: en.shell.signOut }).click();
      await expect.poll(() => isOnSignIn(first), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => isOnSignIn(third), { timeout: 10_000 }).toBe(true);
      expect(await first.evaluate(() => localStorage.getItem('mayur-admin-session'))).toBeNull();

      // Password and code go together; the right password with a wrong code gets the wrong password's answer.
      await nextTotpStep();
      const wrongCode = currentCode(secret) === '000000' ? '111111' : '000000';
      await signIn(first, login, password, wrongCode);
      await expect.poll(() => first.getByRole('alert').textContent(), { timeout: 10_000 }).toBe(en.errors.SIGN_IN_FAILED);
      await signIn(first, login, 'not the password at all', currentCode(secret));
      await expect.poll(() => first.getByRole('alert').textContent(), { timeout: 10_000 }).toBe(en.errors.SIGN_IN_FAILED);
      await signIn(first, login, password, currentCode(secret));
      await expect.poll(() => isSignedIn(first), { timeout: 15_000 }).toBe(true);
      // ... and every open tab follows.
      await expect.poll(() => isSignedIn(second), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => isSignedIn(third), { timeout: 10_000 }).toBe(true);
      expect(pageErrors).toEqual([]);
    },
  );
});
