import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { PNG_RECEIPT_240X120_BASE64 } from '../apps/server/src/modules/complaints/screenshot-fixtures.ts';
import { setUpConsoleTests } from './support/admin-console.ts';
import type { AppProcess } from './support/app-process.ts';
import { DEMO_MOBILE, DEMO_PASSWORD } from './support/demo-player.ts';
import { latestCode, operator } from './support/operator.ts';
import { callApi, newPlayer } from './support/player.ts';

// The back office in Chromium on the embedded default: the first owner comes from the CLI, signs in
// with the one-time password and enrols two-factor (codes computed here with the library the server
// uses), creates a support operator; the support operator enrols, answers a player's complaint, and
// cannot open the withdrawals queue; a finance operator approves a player's withdrawal and the player
// sees Success.

const tests = setUpConsoleTests();
const { desktopPage, enrol } = tests;
let app: AppProcess;
beforeAll(() => {
  app = tests.app();
});

/** An owner made by the CLI and enrolled in the console; their page is signed in. */
const ownerPage = (login: string, name: string) => tests.operatorPage(login, name, 'owner');

/** The owner creates an operator on the Operators screen and reads the one-time password shown once. */
async function createOperatorInConsole(page: Page, name: string, login: string, role: string): Promise<string> {
  await page.getByRole('link', { name: en.nav.operators, exact: true }).click();
  await page.getByLabel(en.operators.name).fill(name);
  await page.getByLabel(en.operators.login).fill(login);
  await page.getByLabel(en.operators.role).selectOption(role);
  await page.getByRole('button', { name: en.operators.createSubmit }).click();
  const passwordCell = page.getByTestId('one-time-password-value');
  await expect.poll(() => passwordCell.isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => page.getByRole('cell', { name: login }).count()).toBe(1);
  return (await passwordCell.textContent())!.trim();
}

describe('the back office in Chromium at 1280×800', () => {
  it(
    'an owner enrols and creates a support operator, who answers a complaint and cannot open the withdrawals queue',
    { timeout: 180_000 },
    async () => {
      const owner = await ownerPage('owner@mayur.test', 'Olivia Owner');
      const supportPassword = await createOperatorInConsole(owner, 'Sam Support', 'sam@mayur.test', 'support');
      // The creation is in the audit log, with who did it.
      await owner.getByRole('link', { name: en.nav.audit, exact: true }).click();
      await expect.poll(() => owner.getByRole('cell', { name: 'admin/operators/create' }).count(), { timeout: 10_000 }).toBe(1);

      const player = await newPlayer(app);
      const filed = await callApi<{ id: string; number: string }>(
        app,
        '/user/addComplaints',
        {
          type: 'withdrawal',
          text: 'My withdrawal has been waiting for two days.',
          screenshots: [{ type: 'image/png', data: PNG_RECEIPT_240X120_BASE64 }],
        },
        player.token,
      );

      const supportPage = await desktopPage();
      await enrol(supportPage, 'sam@mayur.test', supportPassword, 'sam picks his own password');
      const navigation = supportPage.getByRole('navigation', { name: en.shell.navigation });
      expect(await navigation.getByRole('link').allTextContents()).toEqual([
        en.nav.dashboard,
        en.nav.complaints,
        en.nav.content,
        en.nav.games,
        en.nav.players,
      ]);
      // The games screen is read-only and open to support: every room is listed with its live state.
      await navigation.getByRole('link', { name: en.nav.games, exact: true }).click();
      const rooms = supportPage.getByRole('table', { name: en.games.rooms });
      await expect.poll(() => rooms.getByRole('cell', { name: 'wingo-1', exact: true }).count(), { timeout: 10_000 }).toBe(1);
      expect(
        await supportPage
          .getByRole('button')
          .filter({ hasText: /set|save|queue|result/i })
          .count(),
      ).toBe(0);
      // Every role opens on the dashboard; the complaints inbox is one click away.
      await navigation.getByRole('link', { name: en.nav.complaints, exact: true }).click();
      await supportPage.getByRole('cell', { name: filed.number }).click();
      await expect.poll(() => supportPage.getByTestId('complaint-message').count(), { timeout: 10_000 }).toBe(1);
      await supportPage.getByRole('button', { name: en.complaints.assignToMe }).click();
      await expect
        .poll(() => supportPage.getByTestId('complaint-assignee').textContent(), { timeout: 10_000 })
        .toContain('Sam Support');
      // The player's screenshot opens on demand, with the type checked when it was filed.
      await supportPage.getByRole('button', { name: /Show screenshot 1/ }).click();
      const image = supportPage.getByTestId('complaint-screenshot');
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { timeout: 10_000 })
        .toBe(240);
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

  it(
    'a finance operator approves a withdrawal the demo player requested and the player sees Success',
    { timeout: 180_000 },
    async () => {
      // The demo player sets a withdrawal password, adds a bank card, gets ₹500 and asks for ₹300.
      const session = await callApi<{ token: string }>(app, '/user/login', { mobile: DEMO_MOBILE, password: DEMO_PASSWORD });
      await callApi(app, '/smsserver/getCode', { mobile: DEMO_MOBILE });
      const code = await latestCode(app, DEMO_MOBILE);
      await callApi(app, '/user/changeWithdrawPsw', { mobile: DEMO_MOBILE, code, withdrawPassword: '654321' }, session.token);
      const card = await callApi<{ id: number }>(
        app,
        '/cash/addBankCard',
        {
          actualName: 'Demo Player',
          ifscCode: 'HDFC0001234',
          bankName: 'HDFC Bank',
          bankAccount: '123456789012',
          email: 'demo@mayur.local',
          mobile: DEMO_MOBILE,
          withdrawPassword: '654321',
        },
        session.token,
      );
      operator(app, 'user:adjust', '--user', DEMO_MOBILE, '--amount', '500', '--reason', 'e2e', '--key', 'e2e-admin-withdrawal');
      const requested = await callApi<{ withdrawNo: string }>(
        app,
        '/cash/withdrawNew',
        { amount: '300', bankCardId: card.id, withdrawPassword: '654321' },
        session.token,
      );

      const owner = await ownerPage('finance-owner@mayur.test', 'Fiona Owner');
      const financePassword = await createOperatorInConsole(owner, 'Farah Finance', 'farah@mayur.test', 'finance');
      const financePage = await desktopPage();
      await enrol(financePage, 'farah@mayur.test', financePassword, 'farah picks her own password');
      await financePage.getByRole('link', { name: en.nav.withdrawals, exact: true }).click();
      const row = financePage.getByRole('row').filter({ hasText: requested.withdrawNo });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await row.getByRole('button', { name: en.withdrawals.approve, exact: true }).click();
      await expect
        .poll(() => financePage.getByTestId('withdrawal-outcome').textContent(), { timeout: 15_000 })
        .toContain(en.withdrawals.statuses.paid);

      // The player's own list says Success, in the player app.
      const playerPage = await tests.page({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
      await playerPage.addInitScript((token) => {
        localStorage.setItem('readNotice', '1');
        localStorage.setItem('mobile', '9000000001');
        localStorage.setItem('token', token);
      }, session.token);
      await playerPage.goto('/withdraw_log');
      await expect
        .poll(
          () =>
            playerPage
              .getByTestId('withdraw-record')
              .evaluateAll((rows) =>
                rows.map((item) => item.querySelector('[data-testid="record-status"]')?.textContent?.trim() ?? ''),
              ),
          { timeout: 15_000 },
        )
        .toEqual(['Success']);
    },
  );
});
