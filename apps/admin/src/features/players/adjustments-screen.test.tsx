// @vitest-environment happy-dom
import type { TAdjustment } from '@mayur/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen, signInAs } from '../../shared/testing/console-test-kit.tsx';
import { AdjustmentsScreen } from './adjustments-screen.tsx';

// Approving an adjustment posts it to the player's cash at once: the console asks first, and never
// offers Approve to the operator who asked for it (or already approved it).

const adjustment = (overrides: Partial<TAdjustment> = {}): TAdjustment => ({
  id: '31',
  playerId: 42,
  amount: '15000.00',
  reason: 'Lost win after the outage',
  status: 'pending',
  requestedBy: 'Priya Owner',
  requestedByKey: 'operator:3',
  approvals: ['Priya Owner'],
  approverKeys: ['operator:3'],
  needsSecondApproval: true,
  decidedBy: null,
  createTime: '2025-01-01T10:00:00.000Z',
  decidedTime: null,
  ...overrides,
});
const list = (rows: TAdjustment[]) => ({
  secondApprovalAbove: '10000.00',
  list: rows,
  total: rows.length,
  pageNum: 1,
  pageSize: 50,
});

describe('approving an adjustment in the console', () => {
  it('asks first, naming the amount, the player and the reason; the call happens only on Confirm', async () => {
    signInAs({ id: '7', role: 'finance' });
    const calls = fakeAdminApi({
      '/adjustments/list': list([adjustment()]),
      '/adjustments/approve': adjustment({ status: 'posted', approvals: ['Priya Owner', 'Test Operator'] }),
    });
    renderScreen(<AdjustmentsScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: en.adjustments.approve }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve adjustment 31?' });
    expect(callsTo(calls, '/adjustments/approve')).toHaveLength(0);
    expect(dialog.textContent).toContain('Credits ₹15000.00 to player 42’s cash');
    expect(dialog.textContent).toContain('Lost win after the outage');

    await user.click(within(dialog).getByRole('button', { name: 'Post ₹15000.00' }));
    await waitFor(() =>
      expect(callsTo(calls, '/adjustments/approve')).toEqual([{ path: '/adjustments/approve', body: { adjustmentId: '31' } }]),
    );
    expect((await screen.findByTestId('adjustment-outcome')).textContent).toBe('Adjustment 31: Posted.');
  });

  it('shows no Approve to the operator who asked for it, only that another must approve it; Reject stays', async () => {
    signInAs({ id: '3', role: 'owner' });
    fakeAdminApi({ '/adjustments/list': list([adjustment()]) });
    renderScreen(<AdjustmentsScreen />);

    const row = (await screen.findByText('Lost win after the outage')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: en.adjustments.approve })).toBeNull();
    expect(row.textContent).toContain('You asked for this: another operator must approve it.');
    expect(within(row).getByRole('button', { name: en.adjustments.reject })).toBeTruthy();
  });

  it('shows no Approve to an operator who already approved it', async () => {
    signInAs({ id: '5', role: 'finance' });
    fakeAdminApi({ '/adjustments/list': list([adjustment({ approverKeys: ['operator:3', 'operator:5'] })]) });
    renderScreen(<AdjustmentsScreen />);

    const row = (await screen.findByText('Lost win after the outage')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: en.adjustments.approve })).toBeNull();
  });
});
