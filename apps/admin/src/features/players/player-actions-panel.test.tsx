// @vitest-environment happy-dom
import type { TAdjustment, TPlayerPage } from '@mayur/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen, signInAs } from '../../shared/testing/console-test-kit.tsx';
import { PlayerActionsPanel } from './player-actions-panel.tsx';

// Asking for an adjustment posts it at once when it is small enough: the console asks first.

/** The panel reads only who the player is and whether they are frozen. */
const page = { player: { id: 42, isFrozen: false } } as unknown as TPlayerPage;
const posted: TAdjustment = {
  id: '8',
  playerId: 42,
  amount: '500.00',
  reason: 'Refund of a failed recharge',
  status: 'posted',
  requestedBy: 'Test Operator',
  requestedByKey: 'operator:7',
  approvals: ['Test Operator'],
  approverKeys: ['operator:7'],
  needsSecondApproval: false,
  decidedBy: 'Test Operator',
  createTime: '2025-01-01T10:00:00.000Z',
  decidedTime: '2025-01-01T10:00:00.000Z',
};

describe('asking for an adjustment on a player’s page', () => {
  it('asks first, naming the amount, the player and the reason; the request is sent only on Confirm', async () => {
    signInAs({ id: '7', role: 'finance' });
    const calls = fakeAdminApi({ '/adjustments/request': posted });
    renderScreen(<PlayerActionsPanel page={page} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(en.player.adjustAmount), '500');
    await user.type(screen.getByLabelText(en.player.adjustReason), 'Refund of a failed recharge');
    await user.click(screen.getByRole('button', { name: en.player.adjust }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust player 42’s cash?' });
    expect(callsTo(calls, '/adjustments/request')).toHaveLength(0);
    expect(dialog.textContent).toContain('Credits ₹500.00 to player 42’s cash');
    expect(dialog.textContent).toContain('Refund of a failed recharge');

    await user.click(within(dialog).getByRole('button', { name: 'Credit ₹500.00' }));
    await waitFor(() =>
      expect(callsTo(calls, '/adjustments/request')).toEqual([
        { path: '/adjustments/request', body: { playerId: 42, amount: '500', reason: 'Refund of a failed recharge' } },
      ]),
    );
    expect((await screen.findByTestId('player-action-outcome')).textContent).toBe("₹500.00 posted to the player's cash.");
  });
});
