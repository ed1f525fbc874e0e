// @vitest-environment happy-dom
import type { TOperator, TOwnerRequest } from '@mayur/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen, signInAs } from '../../shared/testing/console-test-kit.tsx';
import { OperatorsScreen } from './operators-screen.tsx';

// An owner's powers over accounts ask for a fresh authenticator code in a dialog before anything is
// sent; the one-time password goes to the new operator's e-mail (the owner sees only where); and a
// change to another owner waits in "Waiting for a second owner", decided by any owner but its asker.

const operator = (overrides: Partial<TOperator>): TOperator => ({
  id: '9',
  name: 'Sam Support',
  login: 'sam@mayur.test',
  role: 'support',
  isDisabled: false,
  isTotpEnrolled: true,
  createTime: '2025-01-01T10:00:00.000Z',
  lastSignInTime: null,
  ...overrides,
});
const me = operator({ id: '7', name: 'Olivia Owner', login: 'olivia@mayur.test', role: 'owner' });
const otherOwner = operator({ id: '8', name: 'Omar Owner', login: 'omar@mayur.test', role: 'owner' });
const request = (overrides: Partial<TOwnerRequest>): TOwnerRequest => ({
  id: '4',
  kind: 'operator-disable',
  subject: otherOwner,
  payload: {},
  requestedBy: 'Olivia Owner',
  requestedById: '7',
  requestTime: '2025-01-01T10:00:00.000Z',
  status: 'pending',
  decidedBy: null,
  decidedTime: null,
  ...overrides,
});

function showOperators(extra: Parameters<typeof fakeAdminApi>[0] = {}, requests: TOwnerRequest[] = []) {
  signInAs(me);
  const calls = fakeAdminApi({
    '/operators/list': { list: [me, otherOwner, operator({})] },
    '/ownerRequests/list': { list: requests },
    ...extra,
  });
  renderScreen(<OperatorsScreen />);
  return { calls, user: userEvent.setup() };
}

describe('creating an operator', () => {
  it('asks for a fresh code in a dialog, sends the e-mail address, and says where the one-time password went', async () => {
    const { calls, user } = showOperators({
      '/operators/create': {
        operator: operator({ id: '10', name: 'Priya Risk', login: 'priya', role: 'risk' }),
        passwordSentTo: 'pr••••@example.com',
      },
    });
    const form = screen.getByRole('form', { name: en.operators.create });
    await user.type(within(form).getByLabelText(en.operators.name), 'Priya Risk');
    await user.type(within(form).getByLabelText(en.operators.login), 'priya');
    await user.type(within(form).getByLabelText(en.operators.email), 'priya@example.com');
    await user.selectOptions(within(form).getByLabelText(en.operators.role), 'risk');
    await user.click(within(form).getByRole('button', { name: en.operators.createSubmit }));

    const dialog = await screen.findByRole('dialog', { name: 'Create Priya Risk (priya) as Risk?' });
    expect(callsTo(calls, '/operators/create')).toHaveLength(0);
    const code = within(dialog).getByLabelText(en.freshCode.label);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '12345');
    await user.click(within(dialog).getByRole('button', { name: en.operators.confirmCreate }));
    expect(within(dialog).getByRole('alert').textContent).toBe(en.errors.TOTP_INVALID);
    expect(callsTo(calls, '/operators/create')).toHaveLength(0);

    await user.type(code, '6');
    await user.click(within(dialog).getByRole('button', { name: en.operators.confirmCreate }));
    await waitFor(() =>
      expect(callsTo(calls, '/operators/create')).toEqual([
        {
          path: '/operators/create',
          body: { name: 'Priya Risk', login: 'priya', email: 'priya@example.com', role: 'risk', code: '123456' },
        },
      ]),
    );
    const outcome = await screen.findByTestId('operator-created');
    expect(outcome.textContent).toContain('One-time password sent to pr••••@example.com');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('resetting and disabling an operator', () => {
  it('resets another operator after a code, and says where their new one-time password went', async () => {
    const { calls, user } = showOperators({
      '/operators/reset': {
        operator: operator({ isTotpEnrolled: false }),
        passwordSentTo: 'sa••••@mayur.test',
        ownerRequest: null,
      },
    });
    const row = (await screen.findByText('sam@mayur.test')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.operators.reset }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Sam Support?' });
    await user.type(within(dialog).getByLabelText(en.freshCode.label), '654321');
    expect(callsTo(calls, '/operators/reset')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.operators.reset }));

    await waitFor(() =>
      expect(callsTo(calls, '/operators/reset')).toEqual([
        { path: '/operators/reset', body: { operatorId: '9', code: '654321' } },
      ]),
    );
    expect((await screen.findByTestId('operator-changed')).textContent).toContain(
      'Sam Support (sam@mayur.test) was reset. One-time password sent to sa••••@mayur.test.',
    );
  });

  it('only asks for disabling another owner: the change waits for a second owner', async () => {
    const { calls, user } = showOperators({
      '/operators/disable': { operator: null, passwordSentTo: null, ownerRequest: request({}) },
    });
    const row = (await screen.findByText('omar@mayur.test')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.operators.disable }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Omar Owner?' });
    expect(dialog.textContent).toContain('Omar Owner is an owner: your request waits for a second owner');
    await user.type(within(dialog).getByLabelText(en.freshCode.label), '654321');
    await user.click(within(dialog).getByRole('button', { name: en.operators.disable }));

    await waitFor(() => expect(callsTo(calls, '/operators/disable')).toHaveLength(1));
    expect((await screen.findByTestId('operator-changed')).textContent).toBe(
      'Disabling Omar Owner waits for a second owner: another owner approves it under “Waiting for a second owner”.',
    );
  });
});

describe('changes waiting for a second owner', () => {
  it('offer the owner who asked neither Approve nor Reject, only that another owner must decide', async () => {
    showOperators({}, [request({})]);
    const section = await screen.findByRole('region', { name: en.ownerRequests.title });
    const row = (await within(section).findByText('Disable Omar Owner (omar@mayur.test)')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: en.ownerRequests.approve })).toBeNull();
    expect(within(row).queryByRole('button', { name: en.ownerRequests.reject })).toBeNull();
    expect(row.textContent).toContain('You asked for this: another owner must approve it.');
  });

  it('are approved by another owner with a fresh code, after a dialog that says what changes', async () => {
    const asked = request({ requestedBy: 'Omar Owner', requestedById: '8', subject: operator({}), kind: 'operator-reset' });
    const { calls, user } = showOperators({ '/ownerRequests/approve': { ...asked, status: 'approved' } }, [asked]);
    const section = await screen.findByRole('region', { name: en.ownerRequests.title });
    const row = (await within(section).findByText('Reset Sam Support (sam@mayur.test)')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.ownerRequests.approve }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Omar Owner’s request?' });
    expect(dialog.textContent).toContain('Reset Sam Support (sam@mayur.test)');
    expect(callsTo(calls, '/ownerRequests/approve')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(en.freshCode.label), '111222');
    await user.click(within(dialog).getByRole('button', { name: en.ownerRequests.approve }));
    await waitFor(() =>
      expect(callsTo(calls, '/ownerRequests/approve')).toEqual([
        { path: '/ownerRequests/approve', body: { requestId: '4', code: '111222' } },
      ]),
    );
  });

  it('describe an agent programme beyond the single-owner bounds by what it would set', async () => {
    const programme = request({
      kind: 'agent-programme',
      subject: null,
      requestedBy: 'Omar Owner',
      requestedById: '8',
      payload: {
        levels: [{ ratesBp: [400, 18, 6, 2, 1, 1], minTeamSize: 0, minTeamDepositsRupees: 0, minTeamBetsRupees: 0 }],
        inviteBonusRupees: 158,
        inviteBonusThresholdRupees: 300,
      },
    });
    showOperators({}, [programme]);
    const section = await screen.findByRole('region', { name: en.ownerRequests.title });
    expect((await within(section).findByText(/^Agent programme:/)).textContent).toBe(
      'Agent programme: L0 4.28 % in all (4.00 % / 0.18 % / 0.06 % / 0.02 % / 0.01 % / 0.01 %); invite bonus ₹158 at ₹300',
    );
  });
});
