// @vitest-environment happy-dom
import type { TWithdrawalQueueItem } from '@mayur/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen, signInAs } from '../../shared/testing/console-test-kit.tsx';
import { WithdrawalsScreen } from './withdrawals-screen.tsx';

// Approving a withdrawal pays it (or records one of two approvals): the console asks first, saying
// how much, to whom and where, and never offers Approve to an operator who already approved it.

const withdrawal = (overrides: Partial<TWithdrawalQueueItem> = {}): TWithdrawalQueueItem => ({
  withdrawNo: 'W20250101001',
  playerId: 42,
  amount: '15000.00',
  method: 'bank',
  destination: 'HDFC Bank ••••9012',
  status: 'pending',
  reason: null,
  approvals: [],
  approverKeys: [],
  needsSecondApproval: true,
  createTime: '2025-01-01T10:00:00.000Z',
  ...overrides,
});
const queue = (list: TWithdrawalQueueItem[]) => ({
  secondApprovalAbove: '10000.00',
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 50,
});
const recorded = {
  withdrawNo: 'W20250101001',
  status: 'awaitingSecondApproval',
  approvals: 1,
  detail: 'a second operator must approve it',
};

describe('approving a withdrawal in the console', () => {
  it('asks first, naming the amount, the player, the destination and that it is approval 1 of 2; nothing is sent before Confirm', async () => {
    signInAs({ id: '7', role: 'finance' });
    const calls = fakeAdminApi({ '/withdrawals/list': queue([withdrawal()]), '/withdrawals/approve': recorded });
    renderScreen(<WithdrawalsScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: en.withdrawals.approve }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve withdrawal W20250101001?' });
    expect(callsTo(calls, '/withdrawals/approve')).toHaveLength(0);
    expect(dialog.textContent).toContain('₹15000.00 to player 42, by Bank card to HDFC Bank ••••9012.');
    expect(dialog.textContent).toContain('yours is approval 1 of 2');

    await user.click(within(dialog).getByRole('button', { name: en.withdrawals.confirmFirst }));
    await waitFor(() =>
      expect(callsTo(calls, '/withdrawals/approve')).toEqual([
        { path: '/withdrawals/approve', body: { withdrawNo: 'W20250101001' } },
      ]),
    );
    expect(await screen.findByTestId('withdrawal-outcome')).toHaveProperty(
      'textContent',
      'W20250101001: your approval is recorded; a second operator must approve it.',
    );
  });

  it('sends nothing when the operator cancels', async () => {
    signInAs({ id: '7', role: 'finance' });
    const calls = fakeAdminApi({ '/withdrawals/list': queue([withdrawal()]), '/withdrawals/approve': recorded });
    renderScreen(<WithdrawalsScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: en.withdrawals.approve }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.dialog.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/withdrawals/approve')).toHaveLength(0);
  });

  it('says that the second approval pays now', async () => {
    signInAs({ id: '7', role: 'finance' });
    const first = withdrawal({ approvals: ['Fiona'], approverKeys: ['operator:3'] });
    const calls = fakeAdminApi({
      '/withdrawals/list': queue([first]),
      '/withdrawals/approve': { withdrawNo: first.withdrawNo, status: 'paid', approvals: 2, detail: 'approved by two operators' },
    });
    renderScreen(<WithdrawalsScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: en.withdrawals.approveSecond }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('the payout is sent now');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay ₹15000.00' }));
    await waitFor(() => expect(callsTo(calls, '/withdrawals/approve')).toHaveLength(1));
  });

  it('shows no Approve to the operator who already approved it, only who must act next; Reject stays', async () => {
    signInAs({ id: '7', role: 'finance' });
    fakeAdminApi({ '/withdrawals/list': queue([withdrawal({ approvals: ['Test Operator'], approverKeys: ['operator:7'] })]) });
    renderScreen(<WithdrawalsScreen />);

    const row = (await screen.findByText('W20250101001')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /approve/i })).toBeNull();
    expect(row.textContent).toContain('You approved this: another operator must approve it.');
    expect(within(row).getByRole('button', { name: en.withdrawals.reject })).toBeTruthy();
  });
});
