import type { TPayoutAccount } from '@mayur/contracts';
import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskUpiId, newestFirst, payoutAccountLabel, shortenAddress } from './payout-account-label.ts';

function account(fields: Partial<TPayoutAccount>): TPayoutAccount {
  return {
    id: 1,
    kind: 'bank',
    actualName: 'Asha Rao',
    ifscCode: null,
    bankName: null,
    bankAccount: null,
    upiAccount: null,
    email: null,
    mobile: null,
    usdtAccount: null,
    createTime: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('masking', () => {
  it('keeps the last four digits of an account number', () => {
    expect(maskAccountNumber('123456784321')).toBe('••••4321');
    expect(maskAccountNumber('4321')).toBe('4321');
  });

  it('keeps the start of a UPI name and its handle', () => {
    expect(maskUpiId('player99@okhdfc')).toBe('pl••••@okhdfc');
    expect(maskUpiId('a@upi')).toBe('a••••@upi');
  });

  it('keeps both ends of a wallet address', () => {
    expect(shortenAddress('TXyz1234567890abcdefghijkLMNOP9aBc')).toBe('TXyz…9aBc');
  });
});

describe('payoutAccountLabel', () => {
  it('names each kind of account without its full number', () => {
    expect(payoutAccountLabel(account({ bankName: 'HDFC Bank', bankAccount: '50100012344321' }))).toBe('HDFC Bank ••••4321');
    expect(payoutAccountLabel(account({ kind: 'upi', upiAccount: 'player99@okhdfc' }))).toBe('pl••••@okhdfc');
    expect(payoutAccountLabel(account({ kind: 'usdt', usdtAccount: 'TXyz1234567890abcdefghijkLMNOP9aBc' }))).toBe('TXyz…9aBc');
  });
});

describe('newestFirst', () => {
  it('orders by creation time, then by id', () => {
    const accounts = [
      account({ id: 1, createTime: '2026-01-01T00:00:00.000Z' }),
      account({ id: 3, createTime: '2026-03-01T00:00:00.000Z' }),
      account({ id: 2, createTime: '2026-03-01T00:00:00.000Z' }),
    ];
    expect(newestFirst(accounts).map((entry) => entry.id)).toEqual([3, 2, 1]);
  });
});
