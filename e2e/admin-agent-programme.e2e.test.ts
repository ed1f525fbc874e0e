import { describe, expect, it } from 'vitest';
import { setUpConsoleTests } from './support/admin-console.ts';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { confirmWithCode } from './support/console-powers.ts';
import { callApi, newPlayer } from './support/player.ts';

// Changing the agent programme in Chromium (decision 0023, "Agent programme"): an owner edits a rate
// and the invite bonus, an impossible rate is refused in the form, the confirmation lists each change
// and the day it applies from (tomorrow, India time), and after saving the change waits for that day
// in the history while today's programme (and the player app's rules) stay as they were. A change
// beyond what one owner may save alone says so before saving, then waits for a second owner, who
// approves it with a fresh code under "Waiting for a second owner" on the Operators screen.

const tests = setUpConsoleTests();

/** Tomorrow's business day in India time (UTC+05:30, no daylight saving). */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

describe('the agent programme in the console, Chromium at 1280×800', () => {
  it(
    'an owner changes a rate and the invite bonus from tomorrow, after a refusal and a confirmation that lists the changes',
    { timeout: 120_000 },
    async () => {
      const page = await tests.operatorPage('programme-owner@mayur.test', 'Priya Owner', 'owner');
      await page.getByRole('link', { name: en.nav.agents, exact: true }).click();
      await page.getByRole('button', { name: en.agents.edit }).click();
      const form = page.getByRole('form', { name: en.agents.edit });
      await expect.poll(() => form.isVisible(), { timeout: 10_000 }).toBe(true);

      // An impossible rate is refused by the shared rule before anything is asked or sent.
      const depthOne = form.getByLabel(`L0 ${en.agents.depthBp.replace('{{depth}}', '1')}`);
      await depthOne.fill('10001');
      await form.getByRole('button', { name: en.agents.review }).click();
      await expect.poll(() => form.getByText(en.errors.AGENT_RATES_INVALID).count()).toBe(1);
      expect(await page.getByRole('dialog').count()).toBe(0);

      await depthOne.fill('65');
      await form.getByLabel(en.agents.inviteBonusRupees).fill('200');
      await form.getByRole('button', { name: en.agents.review }).click();
      const day = tomorrowInIndia();
      const dialog = page.getByRole('dialog', { name: en.agents.confirmTitle.replace('{{day}}', day) });
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
      const changes = await dialog.getByTestId('programme-changes').getByRole('listitem').allTextContents();
      expect(changes).toEqual([
        en.agents.change.rate
          .replace('{{level}}', '0')
          .replace('{{depth}}', '1')
          .replace('{{from}}', '0.60 %')
          .replace('{{to}}', '0.65 %'),
        en.agents.change.bonus.replace('{{from}}', '158').replace('{{to}}', '200'),
      ]);
      await dialog.getByRole('button', { name: en.agents.confirm }).click();

      // The change waits for tomorrow; today's programme is unchanged, in the console and for players.
      const scheduled = page.getByTestId('programme-scheduled');
      await expect.poll(() => scheduled.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await scheduled.textContent()).toContain(day);
      expect(await scheduled.textContent()).toContain('₹200.00');
      expect(await page.getByTestId('invite-bonus').textContent()).toContain('₹158.00');
      const history = page.getByRole('table', { name: en.agents.history });
      await expect.poll(() => history.getByRole('row').count()).toBe(3);
      expect(await history.getByRole('row').nth(1).textContent()).toContain(day);
      const player = await newPlayer(tests.app());
      const rules = await callApi<{ inviteBonusAmount: string; levels: Array<{ ratesBp: number[] }> }>(
        tests.app(),
        '/agent/rules',
        {},
        player.token,
      );
      expect(rules.inviteBonusAmount).toBe('158.00');
      expect(rules.levels[0]!.ratesBp[0]).toBe(60);
    },
  );
  it(
    'a change beyond the single-owner bounds waits for a second owner, who approves it on the Operators screen',
    { timeout: 150_000 },
    async () => {
      const asker = await tests.operatorPage('bounds-owner@mayur.test', 'Bela Owner', 'owner');
      await asker.getByRole('link', { name: en.nav.agents, exact: true }).click();
      await asker.getByRole('button', { name: en.agents.edit }).click();
      const form = asker.getByRole('form', { name: en.agents.edit });
      await expect.poll(() => form.isVisible(), { timeout: 10_000 }).toBe(true);
      // L0 paying 4.28 % in all is within the rule (10 %) but beyond one owner's bound (3 % by default).
      await form.getByLabel(`L0 ${en.agents.depthBp.replace('{{depth}}', '1')}`).fill('400');
      await expect.poll(() => form.getByTestId('needs-second-owner').isVisible()).toBe(true);
      await form.getByRole('button', { name: en.agents.review }).click();
      const dialog = asker.getByRole('dialog');
      await expect.poll(() => dialog.getByTestId('second-owner-notice').isVisible(), { timeout: 10_000 }).toBe(true);
      await dialog.getByRole('button', { name: en.agents.confirmSecondOwner }).click();
      const waiting = asker.getByTestId('programme-waiting');
      await expect.poll(() => waiting.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await waiting.textContent()).toContain('L0 4.28 % in all');
      expect(await asker.getByTestId('invite-bonus').textContent()).toContain('₹158.00');

      // The owner who asked is offered neither Approve nor Reject.
      await waiting.getByRole('link', { name: en.agents.waitingLink }).click();
      const ownRequests = asker.getByRole('region', { name: en.ownerRequests.title });
      const own = ownRequests.getByRole('row').filter({ hasText: 'L0 4.28 % in all' });
      await expect.poll(() => own.count(), { timeout: 10_000 }).toBe(1);
      expect(await own.textContent()).toContain(en.ownerRequests.youAsked);
      expect(await own.getByRole('button').count()).toBe(0);

      const second = await tests.operatorPage('second-owner@mayur.test', 'Sara Owner', 'owner');
      await second.getByRole('link', { name: en.nav.operators, exact: true }).click();
      const requests = second.getByRole('region', { name: en.ownerRequests.title });
      const request = requests.getByRole('row').filter({ hasText: 'L0 4.28 % in all' });
      await expect.poll(() => request.count(), { timeout: 10_000 }).toBe(1);
      await request.getByRole('button', { name: en.ownerRequests.approve, exact: true }).click();
      const approve = second.getByRole('dialog', { name: en.ownerRequests.approveTitle.replace('{{by}}', 'Bela Owner') });
      await expect.poll(() => approve.isVisible(), { timeout: 10_000 }).toBe(true);
      await confirmWithCode(approve, await tests.freshCode('second-owner@mayur.test'), en.ownerRequests.approve);
      await expect.poll(() => request.textContent(), { timeout: 10_000 }).toContain(en.ownerRequests.statuses.approved);

      // The change is now the programme from the next business day.
      await second.getByRole('link', { name: en.nav.agents, exact: true }).click();
      const scheduled = second.getByTestId('programme-scheduled');
      await expect.poll(() => scheduled.textContent(), { timeout: 10_000 }).toContain('L0: 4.00 %');
      expect(await second.getByTestId('programme-waiting').count()).toBe(0);
    },
  );
});
