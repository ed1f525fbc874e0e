// @vitest-environment happy-dom
import type { TGiftCode } from '@mayur/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen, signInAs } from '../../shared/testing/console-test-kit.tsx';
import { GiftCodesScreen } from './gift-codes-screen.tsx';

// A gift code is money handed out: cash codes and large bonus codes wait for a second operator. The
// console lists them with their status, offers Approve to everybody but their maker, and asks first,
// saying what the code is worth in all.

const gift = (overrides: Partial<TGiftCode> = {}): TGiftCode => ({
  code: 'GIFTCODE75',
  amount: '75.00',
  target: 'cash',
  maxUses: 5,
  usedCount: 0,
  expiresTime: null,
  status: 'pending',
  createdBy: 'operator:firoz@mayur.test',
  makerKey: 'operator:3',
  approvedBy: null,
  createTime: '2025-01-01T10:00:00.000Z',
  disabledBy: null,
  disabledTime: null,
  ...overrides,
});
const page = (list: TGiftCode[]) => ({ list, total: list.length, pageNum: 1, pageSize: 50 });

describe('gift codes waiting for approval', () => {
  it('can be listed on their own, with their status in words', async () => {
    signInAs({ id: '7', role: 'finance' });
    const calls = fakeAdminApi({
      '/giftCodes/list': (body: Record<string, unknown>) => page(body.status === 'pending' ? [gift()] : []),
    });
    renderScreen(<GiftCodesScreen />);
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText(en.giftCodes.show), en.giftCodes.filters.pending);
    const row = (await screen.findByText('GIFTCODE75')).closest('tr')!;
    expect(row.textContent).toContain(en.giftCodes.statuses.pending);
    expect(callsTo(calls, '/giftCodes/list').at(-1)!.body).toMatchObject({ status: 'pending' });
  });

  it('are approved by another operator after a dialog that says their total value; nothing is sent before Confirm', async () => {
    signInAs({ id: '7', role: 'finance' });
    const calls = fakeAdminApi({
      '/giftCodes/list': page([gift()]),
      '/giftCodes/approve': gift({ status: 'active', approvedBy: 'operator:7' }),
    });
    renderScreen(<GiftCodesScreen />);
    const user = userEvent.setup();

    const row = (await screen.findByText('GIFTCODE75')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.giftCodes.approve }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve gift code GIFTCODE75?' });
    expect(callsTo(calls, '/giftCodes/approve')).toHaveLength(0);
    expect(dialog.textContent).toContain('₹75.00 × 5 uses = ₹375.00 in all, to players’ cash');

    await user.click(within(dialog).getByRole('button', { name: 'Approve ₹375.00' }));
    await waitFor(() =>
      expect(callsTo(calls, '/giftCodes/approve')).toEqual([{ path: '/giftCodes/approve', body: { code: 'GIFTCODE75' } }]),
    );
  });

  it('offer no Approve to the operator who made the code', async () => {
    signInAs({ id: '3', role: 'finance' });
    fakeAdminApi({ '/giftCodes/list': page([gift()]) });
    renderScreen(<GiftCodesScreen />);

    const row = (await screen.findByText('GIFTCODE75')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: en.giftCodes.approve })).toBeNull();
    expect(row.textContent).toContain('You made this code: another operator must approve it.');
  });

  it('are rejected after a dialog, and nothing is sent on Cancel', async () => {
    signInAs({ id: '7', role: 'finance' });
    const calls = fakeAdminApi({ '/giftCodes/list': page([gift()]), '/giftCodes/reject': gift({ status: 'rejected' }) });
    renderScreen(<GiftCodesScreen />);
    const user = userEvent.setup();

    const row = (await screen.findByText('GIFTCODE75')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.giftCodes.reject }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject gift code GIFTCODE75?' });
    await user.click(within(dialog).getByRole('button', { name: en.dialog.cancel }));
    expect(callsTo(calls, '/giftCodes/reject')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: en.giftCodes.reject }));
    dialog = await screen.findByRole('dialog', { name: 'Reject gift code GIFTCODE75?' });
    await user.click(within(dialog).getByRole('button', { name: en.giftCodes.reject }));
    await waitFor(() =>
      expect(callsTo(calls, '/giftCodes/reject')).toEqual([{ path: '/giftCodes/reject', body: { code: 'GIFTCODE75' } }]),
    );
  });

  it('say on creation that a new code waits for a second operator', async () => {
    signInAs({ id: '7', role: 'finance' });
    fakeAdminApi({ '/giftCodes/list': page([]), '/giftCodes/create': gift({ makerKey: 'operator:7' }) });
    renderScreen(<GiftCodesScreen />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(en.giftCodes.amountRupees), '75');
    await user.clear(screen.getByLabelText(en.giftCodes.uses));
    await user.type(screen.getByLabelText(en.giftCodes.uses), '5');
    await user.selectOptions(screen.getByLabelText(en.giftCodes.target), 'cash');
    await user.click(screen.getByRole('button', { name: en.giftCodes.createSubmit }));
    expect((await screen.findByTestId('gift-code-created')).textContent).toContain(
      'It waits for a second operator’s approval: nobody can redeem it before.',
    );
  });
});
