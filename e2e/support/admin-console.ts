import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import en from '../../apps/admin/src/shared/i18n/locales/en.json';
import { startApp, type AppProcess } from './app-process.ts';
import { launchBrowser } from './browser.ts';
import { createOperatorInConsole, freshCode, noteCodeUsed, type NewOperator } from './console-powers.ts';

// The operator console's browser tests share one app and one browser per file: desktop pages that
// fail the test on any script error, and operators enrolled as a person would (the CLI's one-time
// password, then TOTP from a new authenticator and a password of their own).

const root = path.resolve(import.meta.dirname, '../..');

/** The current code of an authenticator holding `secret`. */
export const currentCode = (secret: string) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();

export type ConsoleTests = {
  app(): AppProcess;
  /** A fresh 1280×800 page of its own browser context. */
  desktopPage(): Promise<Page>;
  /** A fresh page of its own browser context with these settings (a player's phone, say); script errors fail the test too. */
  page(options: BrowserContextOptions): Promise<Page>;
  /** Signs in with a one-time password, enrols TOTP and sets `newPassword`; resolves once signed in, with the TOTP secret. */
  enrol(page: Page, login: string, oneTimePassword: string, newPassword: string): Promise<string>;
  /** An operator made by the CLI (`operator:create`) and enrolled in the console, on a page of its own. */
  operatorPage(login: string, name: string, role: string): Promise<Page>;
  /** A code from the authenticator of `login` (enrolled by these helpers) that the server has not accepted yet. */
  freshCode(login: string): Promise<string>;
  /** The owner `ownerLogin`, signed in on `page`, creates an operator in the console; answers their e-mailed one-time password. */
  createOperator(page: Page, ownerLogin: string, operator: NewOperator): Promise<string>;
};

/** Registers the hooks (build the console if needed, start the app and the browser) and returns the helpers. */
export function setUpConsoleTests(): ConsoleTests {
  let app: AppProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  /** Each enrolled operator's authenticator secret, by login. */
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'apps/admin/dist/index.html'))) {
      const built = spawnSync('npm', ['run', 'build', '-w', '@mayur/admin'], { cwd: root, encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
    }
    app = await startApp();
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

  const page = async (options: BrowserContextOptions): Promise<Page> => {
    const context = await browser.newContext({ baseURL: app.baseUrl, ...options });
    contexts.push(context);
    const opened = await context.newPage();
    opened.on('pageerror', (error) => pageErrors.push(error.message));
    return opened;
  };
  const desktopPage = () => page({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });

  const enrol = async (page: Page, login: string, oneTimePassword: string, newPassword: string): Promise<string> => {
    await page.goto('/admin/');
    await page.getByLabel(en.signIn.login).fill(login);
    await page.getByLabel(en.signIn.password, { exact: true }).fill(oneTimePassword);
    await page.getByRole('button', { name: en.signIn.submit }).click();
    await expect.poll(() => page.getByTestId('totp-qr').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel(en.signIn.code).fill(currentCode(secret));
    await page.getByLabel(new RegExp(`^${en.enrol.newPassword}`)).fill(newPassword);
    await page.getByLabel(en.enrol.repeatPassword).fill(newPassword);
    await page.getByRole('button', { name: en.enrol.submit }).click();
    await expect.poll(() => page.getByTestId('operator-name').isVisible(), { timeout: 15_000 }).toBe(true);
    secrets.set(login, secret);
    noteCodeUsed(secret);
    return secret;
  };
  const codeOf = (login: string) => freshCode(secrets.get(login) ?? expect.fail(`${login} was not enrolled by these helpers`));

  const operatorPage = async (login: string, name: string, role: string): Promise<Page> => {
    const created = app.admin('operator:create', '--login', login, '--name', name, '--role', role);
    expect(created.status, created.stderr).toBe(0);
    const page = await desktopPage();
    await enrol(page, login, created.stdout.trim().split('\n').at(-1)!, `${login} has a long password`);
    await expect.poll(() => page.getByTestId('operator-name').textContent(), { timeout: 15_000 }).toBe(name);
    return page;
  };

  return {
    app: () => app,
    desktopPage,
    page,
    enrol,
    operatorPage,
    freshCode: codeOf,
    createOperator: (page, ownerLogin, operator) => createOperatorInConsole(app, page, () => codeOf(ownerLogin), operator),
  };
}
