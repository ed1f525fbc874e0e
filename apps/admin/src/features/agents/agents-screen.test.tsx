// @vitest-environment happy-dom
import type { TOwnerRequest } from '@mayur/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen, signInAs } from '../../shared/testing/console-test-kit.tsx';
import { AgentsScreen } from './agents-screen.tsx';

// A programme change beyond what one owner may save alone waits for a second owner: the form says so
// before saving, and the screen says it waits (and where it is decided) after.

const programme = {
  levels: [{ level: 0, minTeamSize: 0, minTeamDeposits: '0.00', minTeamBets: '0.00', ratesBp: [60, 18, 6, 2, 1, 1] }],
  levelWindowDays: 30,
  inviteBonus: { amount: '158.00', threshold: '300.00' },
  commissionRuns: [],
  today: '2025-01-01',
  effectiveFrom: null,
  changeFrom: '2025-01-02',
  scheduled: null,
  history: [],
  singleOwnerBounds: { maxRateSumBp: 300, maxInviteBonusRupees: 500 },
};
const asked: TOwnerRequest = {
  id: '12',
  kind: 'agent-programme',
  subject: null,
  payload: {
    levels: [{ ratesBp: [400, 18, 6, 2, 1, 1], minTeamSize: 0, minTeamDepositsRupees: 0, minTeamBetsRupees: 0 }],
    inviteBonusRupees: 158,
    inviteBonusThresholdRupees: 300,
  },
  requestedBy: 'Test Operator',
  requestedById: '7',
  requestTime: '2025-01-01T10:00:00.000Z',
  status: 'pending',
  decidedBy: null,
  decidedTime: null,
};

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: en.agents.edit }));
  const form = screen.getByRole('form', { name: en.agents.edit });
  const depthOne = within(form).getByLabelText(`L0 ${en.agents.depthBp.replace('{{depth}}', '1')}`);
  return { user, form, depthOne };
}

describe('changing the agent programme', () => {
  it('says before saving that a change beyond the single-owner bounds needs a second owner, and after saving that it waits', async () => {
    signInAs({ id: '7', role: 'owner' });
    let waiting: TOwnerRequest[] = [];
    const calls = fakeAdminApi({
      '/agents/programme': programme,
      '/ownerRequests/list': () => ({ list: waiting }),
      '/agents/programme/save': () => {
        waiting = [asked];
        return { version: null, ownerRequest: asked };
      },
    });
    renderScreen(<AgentsScreen />);
    const { user, form, depthOne } = await openForm();

    await user.clear(depthOne);
    await user.type(depthOne, '400');
    expect(within(form).getByTestId('needs-second-owner').textContent).toContain('more than 300 bp');
    await user.click(within(form).getByRole('button', { name: en.agents.review }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the agent programme from 2025-01-02?' });
    expect(within(dialog).getByTestId('second-owner-notice').textContent).toContain('a second owner');
    expect(callsTo(calls, '/agents/programme/save')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.agents.confirmSecondOwner }));

    await waitFor(() => expect(callsTo(calls, '/agents/programme/save')).toHaveLength(1));
    const notice = await screen.findByTestId('programme-waiting');
    expect(notice.textContent).toContain(en.agents.waiting);
    expect(within(notice).getByRole('link', { name: en.agents.waitingLink }).getAttribute('href')).toBe(
      '/operators#owner-requests',
    );
  });

  it('saves a change within the bounds without asking for a second owner', async () => {
    signInAs({ id: '7', role: 'owner' });
    fakeAdminApi({ '/agents/programme': programme, '/ownerRequests/list': { list: [] } });
    renderScreen(<AgentsScreen />);
    const { user, form, depthOne } = await openForm();

    await user.clear(depthOne);
    await user.type(depthOne, '65');
    expect(within(form).queryByTestId('needs-second-owner')).toBeNull();
    await user.click(within(form).getByRole('button', { name: en.agents.review }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('second-owner-notice')).toBeNull();
    expect(within(dialog).getByRole('button', { name: en.agents.confirm })).toBeTruthy();
  });

  it('refuses a level whose six rates add up to more than 1,000 bp, saying so for that level', async () => {
    signInAs({ id: '7', role: 'owner' });
    fakeAdminApi({ '/agents/programme': programme, '/ownerRequests/list': { list: [] } });
    renderScreen(<AgentsScreen />);
    const { user, form, depthOne } = await openForm();

    await user.clear(depthOne);
    await user.type(depthOne, '990');
    expect(within(form).getByTestId('rate-sum-0').textContent).toBe('1,018');
    await user.click(within(form).getByRole('button', { name: en.agents.review }));
    expect(within(form).getByText(`L0: ${en.errors.AGENT_RATES_INVALID}`)).toBeTruthy();
    expect(en.errors.AGENT_RATES_INVALID).toContain('adding up to at most 1,000');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
