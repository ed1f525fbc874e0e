import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { startApp, type AppProcess } from './support/app-process.ts';
import { launchBrowser } from './support/browser.ts';
import { callApi, newPlayer } from './support/player.ts';

// The back office in Chromium on the embedded default: the first owner comes from the CLI, signs in
// with the one-time password and enrols two-factor (codes computed here with the library the server
// uses), creates a support operator; the support operator enrols, answers a player's complaint, and
// cannot open the withdrawals queue.

const root = path.resolve(import.meta.dirname, '..');
let app: AppProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  // The console is built with the web app by `npm run build`; built here too when a checkout has only the web app.
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

async function desktopPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

function currentCode(secret: string): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** First sign-in: the one-time password, then the enrolment screen with the QR code and recovery codes. */
async function enrol(page: Page, login: string, oneTimePassword: string, newPassword: string) {
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
}

describe('the back office in Chromium at 1280×800', () => {
  it(
    'an owner enrols and creates a support operator, who answers a complaint and cannot open the withdrawals queue',
    { timeout: 180_000 },
    async () => {
      const created = app.admin('operator:create', '--login', 'owner@mayur.test', '--name', 'Olivia Owner', '--role', 'owner');
      expect(created.status, created.stderr).toBe(0);
      const ownerPassword = created.stdout.trim().split('\n').at(-1)!;

      const ownerPage = await desktopPage();
      await enrol(ownerPage, 'owner@mayur.test', ownerPassword, 'owner chooses a long password');
      expect(await ownerPage.getByTestId('operator-name').textContent()).toBe('Olivia Owner');
      await ownerPage.getByRole('link', { name: en.nav.operators }).click();
      await ownerPage.getByLabel(en.operators.name).fill('Sam Support');
      await ownerPage.getByLabel(en.operators.login).fill('sam@mayur.test');
      await ownerPage.getByLabel(en.operators.role).selectOption('support');
      await ownerPage.getByRole('button', { name: en.operators.createSubmit }).click();
      const passwordCell = ownerPage.getByTestId('one-time-password-value');
      await expect.poll(() => passwordCell.isVisible(), { timeout: 10_000 }).toBe(true);
      const supportPassword = (await passwordCell.textContent())!.trim();
      await expect.poll(() => ownerPage.getByRole('cell', { name: 'sam@mayur.test' }).count()).toBe(1);
      // The creation is in the audit log, with who did it.
      await ownerPage.getByRole('link', { name: en.nav.audit }).click();
      await expect
        .poll(() => ownerPage.getByRole('cell', { name: 'admin/operators/create' }).count(), { timeout: 10_000 })
        .toBe(1);

      const player = await newPlayer(app);
      const filed = await callApi<{ id: string; number: string }>(
        app,
        '/user/addComplaints',
        { type: 'withdrawal', text: 'My withdrawal has been waiting for two days.' },
        player.token,
      );

      const supportPage = await desktopPage();
      await enrol(supportPage, 'sam@mayur.test', supportPassword, 'sam picks his own password');
      const navigation = supportPage.getByRole('navigation', { name: en.shell.navigation });
      expect(await navigation.getByRole('link').allTextContents()).toEqual([en.nav.complaints]);
      await supportPage.getByRole('cell', { name: filed.number }).click();
      await expect.poll(() => supportPage.getByTestId('complaint-message').count(), { timeout: 10_000 }).toBe(1);
      const answer = 'We paid it this morning; it should reach your bank today.';
      await supportPage.getByLabel(en.complaints.answer).fill(answer);
      await supportPage.getByRole('button', { name: en.complaints.send }).click();
      await expect.poll(() => supportPage.getByTestId('complaint-message').count(), { timeout: 10_000 }).toBe(2);
      expect(await supportPage.getByTestId('complaint-message').last().textContent()).toContain(answer);

      const seen = await callApi<{ status: string; messages: Array<{ author: string; text: string }> }>(
        app,
        '/user/findComplaint',
        { id: filed.id },
        player.token,
      );
      expect(seen.status).toBe('answered');
      expect(seen.messages.at(-1)).toEqual(expect.objectContaining({ author: 'operator', text: answer }));

      await supportPage.goto('/admin/withdrawals');
      await expect.poll(() => supportPage.getByTestId('forbidden').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await supportPage.getByRole('table').count()).toBe(0);
      // The server refuses it too, and that refusal is audited.
      const token = await supportPage.evaluate(() => JSON.parse(sessionStorage.getItem('mayur-admin-session')!).token as string);
      const refused = await fetch(`${app.baseUrl}/admin-api/withdrawals/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(refused.status).toBe(403);
    },
  );
});
