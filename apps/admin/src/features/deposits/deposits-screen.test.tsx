// @vitest-environment happy-dom
import type { TDepositQueueItem } from '@mayur/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen, signInAs } from '../../shared/testing/console-test-kit.tsx';
import { DepositsScreen } from './deposits-screen.tsx';

// A recharge paid when it could not be credited is held (decision 0022): the console lists it under
// Held with the reason, and records its return to the payer only after a dialog that says how much,
// whose, why, and that the money goes back to the payer, not into the player's cash.

const ORDER_NO = 'R20261128120000000001';
const heldOrder = (overrides: Partial<TDepositQueueItem> = {}): TDepositQueueItem => ({
  orderNo: ORDER_NO,
  playerId: 42,
  method: 'upi',
  amount: '1000.00',
  usdtAmount: null,
  depositAddress: null,
  status: 'failed',
  isTransferSubmitted: false,
  note: 'paid but held, not credited: over the day deposit limit of ₹1000.00; to be returned (deposit:return)',
  heldReason: 'deposit_limit',
  returnedTime: null,
  createTime: '2026-11-28T10:00:00.000Z',
  ...overrides,
});
const queue = (list: TDepositQueueItem[]) => ({ list, total: list.length, pageNum: 1, pageSize: 50 });
/** The queue as the server filters it: the held order only under HELD. */
const byFilter = (body: Record<string, unknown>) => queue(body.status === 'HELD' ? [heldOrder()] : []);
const returnedAnswer = { orderNo: ORDER_NO, playerId: 42, amount: '1000.00', heldReason: 'deposit_limit' };
const RETURN_TITLE = en.deposits.returnTitle.replace('{{orderNo}}', ORDER_NO);
const RETURN_ACTION = en.deposits.returnAction.replace('{{amount}}', '₹1000.00');

async function openReturnDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByRole('combobox', { name: en.deposits.show }), en.deposits.filters.HELD);
  const row = (await screen.findByText(ORDER_NO)).closest('tr')!;
  expect(row.textContent).toContain(en.deposits.heldReasons.deposit_limit);
  await user.click(within(row).getByRole('button', { name: en.deposits.return }));
  return screen.findByRole('dialog', { name: RETURN_TITLE });
}

describe('returning a held recharge from the console', () => {
  it('lists it under Held with its reason, asks first (amount, player, reason, back to the payer), and returns only on Confirm', async () => {
    signInAs({ role: 'finance' });
    const calls = fakeAdminApi({ '/deposits/list': byFilter, '/deposits/return': returnedAnswer });
    renderScreen(<DepositsScreen />);
    const user = userEvent.setup();

    const dialog = await openReturnDialog(user);
    expect(callsTo(calls, '/deposits/list').at(-1)!.body).toMatchObject({ status: 'HELD' });
    expect(callsTo(calls, '/deposits/return')).toHaveLength(0);
    expect(dialog.textContent).toContain('₹1000.00 paid for player 42 was held, not credited: paid past a deposit limit.');
    expect(dialog.textContent).toContain("goes back to the payer through the payment provider, not to the player's cash");

    await user.click(within(dialog).getByRole('button', { name: RETURN_ACTION }));
    await waitFor(() =>
      expect(callsTo(calls, '/deposits/return')).toEqual([{ path: '/deposits/return', body: { orderNo: ORDER_NO } }]),
    );
    expect((await screen.findByTestId('deposit-returned')).textContent).toBe(
      `Order ${ORDER_NO}: ₹1000.00 recorded as returned to the payer, out of the deposit holds (player 42).`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends nothing when the operator cancels', async () => {
    signInAs({ role: 'owner' });
    const calls = fakeAdminApi({ '/deposits/list': byFilter, '/deposits/return': returnedAnswer });
    renderScreen(<DepositsScreen />);
    const user = userEvent.setup();

    const dialog = await openReturnDialog(user);
    await user.click(within(dialog).getByRole('button', { name: en.dialog.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/deposits/return')).toHaveLength(0);
  });

  it('disables both buttons while the return is on its way, and shows a refusal inside the dialog', async () => {
    signInAs({ role: 'finance' });
    const calls = fakeAdminApi({ '/deposits/list': byFilter, '/deposits/return': { refusal: 'ORDER_CLOSED' } });
    const answer = globalThis.fetch;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
      if (url.endsWith('/deposits/return')) await released;
      return answer(url, init as RequestInit);
    });
    renderScreen(<DepositsScreen />);
    const user = userEvent.setup();

    const dialog = await openReturnDialog(user);
    await user.click(within(dialog).getByRole('button', { name: RETURN_ACTION }));
    const working = await within(dialog).findByRole('button', { name: en.states.working });
    expect(working).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: en.dialog.cancel })).toHaveProperty('disabled', true);

    release();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en.errors.ORDER_CLOSED);
    expect(within(dialog).getByRole('button', { name: RETURN_ACTION })).toHaveProperty('disabled', false);
    expect(callsTo(calls, '/deposits/return')).toHaveLength(1);
  });

  it('offers no Return to an auditor, nor for an order already returned', async () => {
    signInAs({ role: 'auditor' });
    fakeAdminApi({ '/deposits/list': queue([heldOrder()]) });
    const auditorView = renderScreen(<DepositsScreen />);
    const row = (await screen.findByText(ORDER_NO)).closest('tr')!;
    expect(within(row).queryByRole('button', { name: en.deposits.return })).toBeNull();
    auditorView.unmount();

    signInAs({ role: 'finance' });
    fakeAdminApi({ '/deposits/list': queue([heldOrder({ returnedTime: '2026-11-28T12:00:00.000Z' })]) });
    renderScreen(<DepositsScreen />);
    const returnedRow = (await screen.findByText(ORDER_NO)).closest('tr')!;
    expect(returnedRow.textContent).toContain('paid past a deposit limit · returned');
    expect(within(returnedRow).queryByRole('button', { name: en.deposits.return })).toBeNull();
  });
});
