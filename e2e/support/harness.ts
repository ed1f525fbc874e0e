import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startApp, type AppProcess } from './app-process.ts';
import { launchBrowser, phoneContext } from './browser.ts';
import type { Player } from './player.ts';

// One app process and one Chromium per test file; every test opens its own browser context (its own
// storage) and, through newPlayer, its own player, so each test runs alone or in any order. Script
// errors of a test's pages fail that test.

export type BrowserTests = {
  readonly app: AppProcess;
  /**
   * A phone-sized page: signed in as `player` when given, else a visitor; the notice is read unless
   * `isFirstVisit`; in `language` (a locale such as 'ar') when given.
   */
  openPage(player?: Player, options?: { isFirstVisit?: boolean; language?: string }): Promise<Page>;
};

/** `settings`: extra environment variables (operator settings) of this file's app. */
export function setUpBrowserTests(settings: NodeJS.ProcessEnv = {}): BrowserTests {
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp(settings);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors.splice(0), 'script errors on the page').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  return {
    get app() {
      return app!;
    },
    async openPage(player, options = {}) {
      const context = await phoneContext(browser!, app!.baseUrl);
      contexts.push(context);
      const seed = {
        isFirstVisit: options.isFirstVisit ?? false,
        mobile: player?.mobile ?? null,
        token: player?.token ?? null,
        language: options.language ?? null,
      };
      await context.addInitScript((values) => {
        // Seeded once per page: a reload keeps what the test changed since (a logout, the language).
        if (sessionStorage.getItem('e2e-seeded')) return;
        sessionStorage.setItem('e2e-seeded', '1');
        // The notice opens by itself until it was read and a mobile number is remembered (spec §2).
        if (!values.isFirstVisit) {
          localStorage.setItem('readNotice', '1');
          localStorage.setItem('mobile', values.mobile ?? '9000000009');
        }
        if (values.mobile) localStorage.setItem('mobile', values.mobile);
        if (values.token) localStorage.setItem('token', values.token);
        if (values.language) localStorage.setItem('language', values.language);
      }, seed);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    },
  };
}
