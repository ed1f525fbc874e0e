import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { phoneContext } from './browser.ts';
import { readLocale } from './locales.ts';

// The seeded demo player (README), as browser tests use it.
export const DEMO_MOBILE = '9000000001';
export const DEMO_PASSWORD = 'Demo@12345';

const en = readLocale('en-US');

/** A phone-sized context of a returning player: the notice is read, so no dialog covers the screens. */
export async function returningPlayerContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, baseURL);
  await context.addInitScript((mobile) => {
    localStorage.setItem('readNotice', '1');
    localStorage.setItem('mobile', mobile);
  }, DEMO_MOBILE);
  return context;
}

/** Logs in as the demo player through the login screen and waits for the profile. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(en.auth.mobileLabel).fill(DEMO_MOBILE);
  await page.getByLabel(en.auth.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: en.auth.loginButton }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/mine$/);
}
