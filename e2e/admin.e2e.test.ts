import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { PNG_RECEIPT_240X120_BASE64 } from '../apps/server/test/screenshot-fixtures.ts';
import { setUpConsoleTests } from './support/admin-console.ts';
import type { AppProcess } from './support/app-process.ts';
import { DEMO_MOBILE, DEMO_PASSWORD } from './support/demo-player.ts';
import { latestCode, operator } from './support/operator.ts';
import { callApi, newPlayer } from './support/player.ts';

// The back office in Chromium on the embedded default: the first owner comes from the CLI, signs in
// with the one-time password and enrols two-factor (codes computed here with the library the server
// uses), creates a support operator with a fresh code (the one-time password goes to the operator's
// e-mail, read here from the development outbox); the support operator enrols, answers a player's
// complaint, and cannot open the withdrawals queue; a finance operator approves a player's withdrawal
// after a confirmation and the player sees Success; above the second-approval amount the first
// approver records approval 1 of 2 and is offered no Approve again, and a second operator pays it.

const tests = setUpConsoleTests();
const { desktopPage, enrol } = tests;
let app: AppProcess;
beforeAll(() => {
  app = tests.app();
});

/** An owner made by the CLI and enrolled in the console; their page is signed in. */
const ownerPage = (login: string, name: string) => tests.operatorPage(login, name, 'owner');

/** The player sets a withdrawal password, adds a bank card and asks to withdraw `amount`; answers the withdrawal's number. */
async function requestWithdrawal(player: { mobile: string; token: string }, amount: string): Promise<string> {
  await callApi(app, '/smsserver/getCode', { mobile: player.mobile });
  const code = await latestCode(app, player.mobile);
  await callApi(app, '/user/changeWithdrawPsw', { mobile: player.mobile, code, withdrawPassword: '654321' }, player.token);
  const card = await callApi<{ id: number }>(
    app,
    '/cash/addBankCard',
    {
      actualName: 'Demo Player',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
      bankAccount: `12${player.mobile}`,
      email: 'demo@mayur.local',
      mobile: player.mobile,
      withdrawPassword: '654321',
    },
    player.token,
  );
  const requested = await callApi<{ withdrawNo: string }>(
    app,
    '/cash/withdrawNew',
    { amount, bankCardId: card.id, withdrawPassword: '654321' },
    player.token,
  );
  return requested.withdrawNo;
}

/** Opens the Approve dialog of a withdrawal's row; answers the dialog. */
async function openApproveDialog(page: Page, withdrawNo: string, buttonName: string) {
  await page.getByRole('link', { name: en.nav.withdrawals, exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: withdrawNo });
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  await row.getByRole('button', { name: buttonName, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en.withdrawals.approveTitle.replace('{{withdrawNo}}', withdrawNo) });
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
  return { row, dialog };
}

describe('the back office in Chromium at 1280×800', () => {
  it(
    'an owner enrols and creates a support operator, who answers a complaint and cannot open the withdrawals queue',
    { timeout: 180_000 },
    async () => {
      const owner = await ownerPage('owner@mayur.test', 'Olivia Owner');
      const supportPassword = await tests.createOperator(owner, 'owner@mayur.test', {
        name: 'Sam Support',
        login: 'sam@mayur.test',
        email: 'sam.support@example.com',
        role: 'support',
      });
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
      const token = await supportPage.evaluate(() => JSON.parse(localStorage.getItem('mayur-admin-session')!).token as string);
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
      operator(app, 'user:adjust', '--user', DEMO_MOBILE, '--amount', '500', '--reason', 'e2e', '--key', 'e2e-admin-withdrawal');
      const withdrawNo = await requestWithdrawal({ mobile: DEMO_MOBILE, token: session.token }, '300');

      const owner = await ownerPage('finance-owner@mayur.test', 'Fiona Owner');
      const financePassword = await tests.createOperator(owner, 'finance-owner@mayur.test', {
        name: 'Farah Finance',
        login: 'farah@mayur.test',
        email: 'farah@example.com',
        role: 'finance',
      });
      const financePage = await desktopPage();
      await enrol(financePage, 'farah@mayur.test', financePassword, 'farah picks her own password');
      // Approving asks first, with what is paid, to whom and where; at ₹300 it pays on one approval.
      const { dialog } = await openApproveDialog(financePage, withdrawNo, en.withdrawals.approve);
      const asked = await dialog.textContent();
      expect(asked).toContain('₹300.00');
      expect(asked).toContain(en.withdrawals.methods.bank);
      await dialog.getByRole('button', { name: en.withdrawals.confirmAlone.replace('{{amount}}', '₹300.00') }).click();
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
  it(
    'above the second-approval amount the first approver confirms approval 1 of 2 and is offered no Approve again; a second operator pays it',
    { timeout: 180_000 },
    async () => {
      // ₹15,000 reaches the player only through maker-checker too: the CLI asks, an owner approves in the console.
      const player = await newPlayer(app, { cashRupees: 15_000 });
      // The registration's code went to the player's phone now; the next code (for the withdrawal
      // password) may be sent a minute later, so the operators are set up meanwhile.
      const nextCodeAtMs = Date.now() + 61_000;
      const { id: playerId } = await callApi<{ id: number }>(app, '/user/findUserInfo', {}, player.token);
      const owner = await ownerPage('large-owner@mayur.test', 'Lalit Owner');
      await owner.getByRole('link', { name: en.nav.adjustments, exact: true }).click();
      const adjustment = owner.getByRole('row').filter({ has: owner.getByRole('link', { name: String(playerId), exact: true }) });
      await expect.poll(() => adjustment.count(), { timeout: 10_000 }).toBe(1);
      await adjustment.getByRole('button', { name: en.adjustments.approve, exact: true }).click();
      const post = owner.getByRole('dialog');
      await expect.poll(() => post.isVisible(), { timeout: 10_000 }).toBe(true);
      await post.getByRole('button', { name: en.adjustments.confirmPost.replace('{{amount}}', '₹15000.00') }).click();
      await expect
        .poll(() => owner.getByTestId('adjustment-outcome').textContent(), { timeout: 10_000 })
        .toContain(en.adjustments.statuses.posted);

      const first = await tests.operatorPage('first-finance@mayur.test', 'Fatima Finance', 'finance');
      const second = await tests.operatorPage('second-finance@mayur.test', 'Feroz Finance', 'finance');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextCodeAtMs - Date.now())));
      const withdrawNo = await requestWithdrawal(player, '12000');
      const { row, dialog } = await openApproveDialog(first, withdrawNo, en.withdrawals.approve);
      // Clicking Approve only asked: nothing is recorded until the operator confirms.
      expect(await row.textContent()).not.toContain('Fatima Finance');
      expect(await dialog.textContent()).toContain(
        en.withdrawals.approveWhat
          .replace('{{amount}}', '₹12000.00')
          .replace('{{player}}', String(playerId))
          .replace('{{method}}', en.withdrawals.methods.bank)
          .replace('{{destination}}', (await row.getByRole('cell').nth(5).textContent())!),
      );
      expect(await dialog.getByTestId('approval-step').textContent()).toBe(
        en.withdrawals.approveFirstOfTwo.replace('{{limit}}', '₹10000.00'),
      );
      await dialog.getByRole('button', { name: en.withdrawals.confirmFirst }).click();
      await expect
        .poll(() => first.getByTestId('withdrawal-outcome').textContent(), { timeout: 15_000 })
        .toBe(en.withdrawals.awaitingSecond.replace('{{withdrawNo}}', withdrawNo));
      // The operator who approved sees who must act next instead of an Approve button.
      await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(en.withdrawals.youApproved);
      expect(await row.getByRole('button', { name: /approve/i }).count()).toBe(0);

      const paying = await openApproveDialog(second, withdrawNo, en.withdrawals.approveSecond);
      expect(await paying.dialog.getByTestId('approval-step').textContent()).toBe(
        en.withdrawals.approvePays.replace('{{first}}', 'Fatima Finance'),
      );
      await paying.dialog.getByRole('button', { name: en.withdrawals.confirmPay.replace('{{amount}}', '₹12000.00') }).click();
      await expect
        .poll(() => second.getByTestId('withdrawal-outcome').textContent(), { timeout: 15_000 })
        .toContain(en.withdrawals.statuses.paid);
      const after = await callApi<{ balance: string }>(app, '/user/findUserInfo', {}, player.token);
      expect(after.balance).toBe('3000.00');
    },
  );
});
