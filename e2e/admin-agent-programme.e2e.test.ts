import { describe, expect, it } from 'vitest';
import { setUpConsoleTests } from './support/admin-console.ts';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { callApi, newPlayer } from './support/player.ts';

// Changing the agent programme in Chromium (decision 0023, "Agent programme"): an owner edits a rate
// and the invite bonus, an impossible rate is refused in the form, the confirmation lists each change
// and the day it applies from (tomorrow, India time), and after saving the change waits for that day
// in the history while today's programme (and the player app's rules) stay as they were.

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
});
