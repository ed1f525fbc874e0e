import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpConsoleTests } from './support/admin-console.ts';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { callApi, newPlayer } from './support/player.ts';

// The Players screen of the back office in Chromium: an owner signs in with TOTP,
// opens a player and freezes them, and the player's next request is refused; an adjustment (asked after
// a confirmation) above the second-approval amount waits, its maker is offered no Approve, and it
// moves the cash only when a second operator (finance) confirms their approval.

const tests = setUpConsoleTests();
const { operatorPage } = tests;

async function openPlayer(page: Page, mobile: string) {
  await page.getByRole('link', { name: en.nav.players, exact: true }).click();
  await page.getByLabel(en.players.search).fill(mobile);
  await page.getByRole('button', { name: en.players.find }).click();
  await page.getByRole('cell', { name: mobile }).click();
  await expect.poll(() => page.getByTestId('player-actions').isVisible(), { timeout: 10_000 }).toBe(true);
}

describe('the Players screen in Chromium at 1280×800', () => {
  it(
    'an owner freezes a player, whose next request is refused; an adjustment above the amount needs a second operator',
    { timeout: 180_000 },
    async () => {
      const player = await newPlayer(tests.app());
      expect(await callApi(tests.app(), '/user/findUserInfo', {}, player.token)).toBeTruthy();

      const owner = await operatorPage('players-owner@mayur.test', 'Priya Owner', 'owner');
      // The owner lands on the dashboard, with its charts.
      await expect.poll(() => owner.getByTestId('dashboard-charts').isVisible(), { timeout: 15_000 }).toBe(true);

      await openPlayer(owner, player.mobile);
      await owner.getByLabel(en.player.freezeReason).fill('Shared card with a banned account');
      await owner.getByRole('button', { name: en.player.freeze, exact: true }).click();
      await expect.poll(() => owner.getByTestId('player-frozen').isVisible(), { timeout: 10_000 }).toBe(true);

      const refused = await fetch(`${tests.app().baseUrl}/api/user/findUserInfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: player.token },
        body: '{}',
      });
      expect((await refused.json()).res).toBe(401);
      const login = await fetch(`${tests.app().baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: player.mobile, password: player.password }),
      });
      expect(await login.json()).toMatchObject({ res: 0, code: 'ACCOUNT_FROZEN' });

      // ₹20,000 is above the default second-approval amount (₹10,000): it waits.
      await owner.getByLabel(en.player.adjustAmount).fill('20000');
      await owner.getByLabel(en.player.adjustReason).fill('Lost win after the outage');
      await owner.getByRole('button', { name: en.player.adjust, exact: true }).click();
      const ask = owner.getByRole('dialog');
      await expect.poll(() => ask.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await ask.textContent()).toContain('Lost win after the outage');
      await ask.getByRole('button', { name: en.player.adjustCredit.replace('{{amount}}', '₹20000.00') }).click();
      await expect
        .poll(() => owner.getByTestId('player-action-outcome').textContent(), { timeout: 10_000 })
        .toContain('second operator');
      expect(await owner.getByTestId('player-cash').textContent()).toBe('₹0.00');

      // The owner who asked is offered no Approve, only who must act next.
      await owner.getByRole('link', { name: en.nav.adjustments, exact: true }).click();
      const ownRow = owner.getByRole('row').filter({ hasText: 'Lost win after the outage' });
      await expect.poll(() => ownRow.count(), { timeout: 10_000 }).toBe(1);
      expect(await ownRow.textContent()).toContain(en.adjustments.youAsked);
      expect(await ownRow.getByRole('button', { name: en.adjustments.approve }).count()).toBe(0);

      const finance = await operatorPage('players-finance@mayur.test', 'Farid Finance', 'finance');
      await finance.getByRole('link', { name: en.nav.adjustments, exact: true }).click();
      const row = finance.getByRole('row').filter({ hasText: 'Lost win after the outage' });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await row.getByRole('button', { name: en.adjustments.approve }).click();
      // Approving posts at once: it is asked first, and nothing moves until the operator confirms.
      const approve = finance.getByRole('dialog');
      await expect.poll(() => approve.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await approve.textContent()).toContain('Priya Owner');
      await approve.getByRole('button', { name: en.adjustments.confirmPost.replace('{{amount}}', '₹20000.00') }).click();
      await expect
        .poll(() => finance.getByTestId('adjustment-outcome').textContent(), { timeout: 10_000 })
        .toContain(en.adjustments.statuses.posted);

      await openPlayer(finance, player.mobile);
      await expect.poll(() => finance.getByTestId('player-cash').textContent(), { timeout: 10_000 }).toBe('₹20000.00');
    },
  );
});
