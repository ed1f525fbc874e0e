import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpConsoleTests } from './support/admin-console.ts';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { callApi, newPlayer } from './support/player.ts';

// The back office's operations in Chromium: a finance operator, made by an owner,
// confirms a player's USDT recharge through the confirmation dialog, creates a cash gift code in the
// console, which waits for a second operator (its maker is offered no Approve); another finance
// operator approves it after a dialog that says its total value, a player redeems it, the code's
// redemptions name the player (and export as CSV), and disabling it (after a confirmation dialog)
// stops the next player. An owner writes a notice for one language and opens the risk flags and the
// agent programme.

const tests = setUpConsoleTests();
const { desktopPage, enrol } = tests;

/** An owner from the CLI creates a finance operator in the console; the finance operator's page is signed in. */
async function financePage(): Promise<Page> {
  const created = tests
    .app()
    .admin('operator:create', '--login', 'gift-owner@mayur.test', '--name', 'Gita Owner', '--role', 'owner');
  expect(created.status, created.stderr).toBe(0);
  const owner = await desktopPage();
  await enrol(owner, 'gift-owner@mayur.test', created.stdout.trim().split('\n').at(-1)!, 'gita chooses a long password');
  const oneTimePassword = await tests.createOperator(owner, 'gift-owner@mayur.test', {
    name: 'Firoz Finance',
    login: 'firoz@mayur.test',
    email: 'firoz@example.com',
    role: 'finance',
  });
  const page = await desktopPage();
  await enrol(page, 'firoz@mayur.test', oneTimePassword, 'firoz picks his own password');
  return page;
}

describe('gift codes in the console, Chromium at 1280×800', () => {
  it(
    'a finance operator confirms a USDT recharge after its dialog, creates a gift code a player redeems, reads its redemptions and disables it',
    { timeout: 180_000 },
    async () => {
      const page = await financePage();

      // A player opens a USDT recharge; finance opens the order, reads its (empty) events and confirms it
      // after the dialog; the player's cash has the order's amount.
      const payer = await newPlayer(tests.app());
      const usdt = await callApi<{ orderNo: string; amount: string }>(
        tests.app(),
        '/cash/usdtAddressPay',
        { payType: 40001, amount: '10.00' },
        payer.token,
      );
      await page.getByRole('link', { name: en.nav.deposits, exact: true }).click();
      const orderRow = page.getByRole('row').filter({ hasText: usdt.orderNo });
      await expect.poll(() => orderRow.count(), { timeout: 10_000 }).toBe(1);
      await orderRow.getByRole('button', { name: en.deposits.open }).click();
      const panel = page.getByTestId('deposit-order');
      await expect.poll(() => panel.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await panel.textContent()).toContain(en.deposits.events.empty);
      await panel.getByRole('button', { name: en.deposits.confirm }).click();
      const confirmDialog = page.getByRole('dialog', { name: en.deposits.confirmTitle.replace('{{orderNo}}', usdt.orderNo) });
      await expect.poll(() => confirmDialog.isVisible(), { timeout: 10_000 }).toBe(true);
      await confirmDialog
        .getByRole('button', { name: en.deposits.confirmAction.replace('{{amount}}', `₹${usdt.amount}`) })
        .click();
      await expect.poll(() => page.getByTestId('deposit-confirmed').isVisible(), { timeout: 15_000 }).toBe(true);
      const balance = await callApi<{ balance: string }>(tests.app(), '/user/findUserInfo', {}, payer.token);
      expect(balance.balance).toBe(usdt.amount);
      await page.getByRole('link', { name: en.nav.giftCodes, exact: true }).click();
      await page.getByLabel(en.giftCodes.amountRupees).fill('75');
      await page.getByLabel(en.giftCodes.uses).fill('5');
      await page.getByLabel(en.giftCodes.target).selectOption('cash');
      await page.getByRole('button', { name: en.giftCodes.createSubmit }).click();
      const codeCell = page.getByTestId('gift-code-value');
      await expect.poll(() => codeCell.isVisible(), { timeout: 10_000 }).toBe(true);
      const code = (await codeCell.textContent())!.trim();
      expect(code).toMatch(/^[A-Z2-9]{10}$/);
      // A cash code waits for a second operator; nobody can redeem it yet, and its maker cannot approve it.
      expect(await page.getByTestId('gift-code-created').textContent()).toContain(en.giftCodes.createdWaiting);
      await page.getByLabel(en.giftCodes.show).selectOption('pending');
      const row = page.getByRole('row').filter({ hasText: code });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.textContent()).toContain('0 / 5');
      expect(await row.textContent()).toContain(en.giftCodes.statuses.pending);
      expect(await row.textContent()).toContain(en.giftCodes.youMade);
      expect(await row.getByRole('button', { name: en.giftCodes.approve, exact: true }).count()).toBe(0);
      const early = await newPlayer(tests.app());
      const notYet = await fetch(`${tests.app().baseUrl}/api/cash/redeemGift`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: early.token },
        body: JSON.stringify({ code }),
      });
      expect(await notYet.json()).toMatchObject({ res: 0, code: 'GIFT_NOT_FOUND' });

      // A second finance operator approves it after a dialog that says what it is worth in all.
      const checker = await tests.operatorPage('gift-checker@mayur.test', 'Chetan Finance', 'finance');
      await checker.getByRole('link', { name: en.nav.giftCodes, exact: true }).click();
      await checker.getByLabel(en.giftCodes.show).selectOption('pending');
      const waiting = checker.getByRole('row').filter({ hasText: code });
      await expect.poll(() => waiting.count(), { timeout: 10_000 }).toBe(1);
      await waiting.getByRole('button', { name: en.giftCodes.approve, exact: true }).click();
      const approveDialog = checker.getByRole('dialog', { name: en.giftCodes.approveTitle.replace('{{code}}', code) });
      await expect.poll(() => approveDialog.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await approveDialog.textContent()).toContain('₹75.00 × 5 uses = ₹375.00 in all, to players’ cash.');
      await approveDialog.getByRole('button', { name: en.giftCodes.confirmApprove.replace('{{total}}', '₹375.00') }).click();
      await expect.poll(() => waiting.count(), { timeout: 10_000 }).toBe(0);
      // Released, it joins the maker's list of codes in use (the list refetches on reload).
      await page.reload();
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.textContent()).toContain(en.giftCodes.statuses.active);

      const player = await newPlayer(tests.app());
      const redeemed = await callApi<{ amount: string; wallet: string }>(tests.app(), '/cash/redeemGift', { code }, player.token);
      expect(redeemed).toMatchObject({ amount: '75.00', wallet: 'cash' });
      const me = await callApi<{ id: number }>(tests.app(), '/user/findUserInfo', {}, player.token);

      // The list refetches on reload; the row then counts the redemption.
      await page.reload();
      await expect
        .poll(async () => ((await row.count()) === 1 ? await row.textContent({ timeout: 5_000 }) : ''), { timeout: 20_000 })
        .toContain('1 / 5');
      await row.getByRole('button', { name: en.giftCodes.redemptions }).click();
      const redemptions = page.getByRole('table', { name: en.giftCodes.redemptionsOf.replace('{{code}}', code) });
      await expect
        .poll(() => redemptions.getByRole('cell', { name: String(me.id), exact: true }).count(), { timeout: 10_000 })
        .toBe(1);

      // The redemptions export as CSV, built in the browser from the rows the panel shows.
      const redemptionsPanel = page.getByRole('region', { name: en.giftCodes.redemptionsOf.replace('{{code}}', code) });
      const exportButton = redemptionsPanel.getByRole('button', { name: en.csv.export });
      expect(await exportButton.getAttribute('title')).toBe(en.csv.loadedRows);
      const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
      expect(download.suggestedFilename()).toBe(`gift-code-${code}-redemptions.csv`);
      const csvLines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
      expect(csvLines[0]).toBe('redeemed,player,transfer');
      expect(csvLines[1]?.split(',')[1]).toBe(String(me.id));

      await row.getByRole('button', { name: en.giftCodes.disable }).click();
      const dialog = page.getByRole('dialog', { name: en.giftCodes.disableTitle.replace('{{code}}', code) });
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
      await dialog.getByRole('button', { name: en.giftCodes.disable }).click();
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);

      const late = await newPlayer(tests.app());
      const refused = await fetch(`${tests.app().baseUrl}/api/cash/redeemGift`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: late.token },
        body: JSON.stringify({ code }),
      });
      expect(await refused.json()).toMatchObject({ res: 0, code: 'GIFT_EXPIRED' });
    },
  );
  it(
    'an owner writes a notice for Hindi in the console, with a live preview, and the player app’s endpoint answers it',
    { timeout: 120_000 },
    async () => {
      const created = tests
        .app()
        .admin('operator:create', '--login', 'content-owner@mayur.test', '--name', 'Chitra Owner', '--role', 'owner');
      expect(created.status, created.stderr).toBe(0);
      const page = await desktopPage();
      await enrol(page, 'content-owner@mayur.test', created.stdout.trim().split('\n').at(-1)!, 'chitra chooses a long password');
      await page.getByRole('link', { name: en.nav.content, exact: true }).click();
      await page.getByRole('button', { name: en.content.newNotice }).click();
      const form = page.getByRole('form', { name: en.content.newNotice });
      await form.getByLabel(en.content.language).selectOption('hi');
      await form.getByLabel(en.content.title).fill('Holi bonus');
      await form.getByLabel(en.content.message).fill('Recharge during Holi for a bonus.');
      await expect.poll(() => page.getByTestId('notice-preview').textContent()).toContain('Recharge during Holi for a bonus.');
      await form.getByRole('button', { name: en.content.save }).click();
      await expect.poll(() => page.getByRole('cell', { name: 'Holi bonus' }).count(), { timeout: 10_000 }).toBe(1);
      await page.getByTestId('strip-preview').getByRole('combobox').selectOption('hi');
      expect(await page.getByTestId('strip-preview').textContent()).toContain('Recharge during Holi for a bonus.');

      const forHindi = await callApi<{ list: Array<{ title: string }> }>(tests.app(), '/user/findNotice', {
        pageNum: 1,
        pageSize: 20,
        lang: 'hi',
      });
      expect(forHindi.list.map((notice) => notice.title)).toContain('Holi bonus');
      const forFrench = await callApi<{ list: Array<{ title: string }> }>(tests.app(), '/user/findNotice', {
        pageNum: 1,
        pageSize: 20,
        lang: 'fr',
      });
      expect(forFrench.list.map((notice) => notice.title)).not.toContain('Holi bonus');

      // The same owner opens the risk flags; each flagged player links to their page.
      await page.getByRole('link', { name: en.nav.risk, exact: true }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: en.risk.sharedPayoutAccounts }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      // And the agent programme as the server runs it (the default invite bonus of ₹158).
      await page.getByRole('link', { name: en.nav.agents, exact: true }).click();
      await expect.poll(() => page.getByTestId('invite-bonus').textContent(), { timeout: 10_000 }).toContain('₹158.00');
    },
  );
});
