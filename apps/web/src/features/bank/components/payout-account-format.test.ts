import { describe, expect, it } from 'vitest';
import { maskBankAccount, payoutAccountLabel, shortenAddress } from './payout-account-format.ts';
import type { PayoutAccount } from './payout-accounts.ts';

const none = {
  actualName: null,
  ifscCode: null,
  bankName: null,
  bankAccount: null,
  upiAccount: null,
  email: null,
  mobile: null,
  usdtAccount: null,
  createTime: '2025-01-01 10:00:00',
};

describe('payout account display', () => {
  it('shows only the last four digits of a bank account', () => {
    expect(maskBankAccount('501001234321')).toBe('•••• 4321');
  });

  it('shortens a USDT address to its two ends', () => {
    expect(shortenAddress('TXyzAbCdEfGhJkLmNpQrStUvWxYz129aBc')).toBe('TXyz…9aBc');
    expect(shortenAddress('TXyz9aBc')).toBe('TXyz9aBc');
  });

  it('names each kind of account in one line', () => {
    const accounts: PayoutAccount[] = [
      { ...none, id: 1, kind: 'bank', bankName: 'HDFC Bank', bankAccount: '501001234321' },
      { ...none, id: 2, kind: 'upi', upiAccount: 'ravi@okaxis' },
      { ...none, id: 3, kind: 'usdt', usdtAccount: 'TXyzAbCdEfGhJkLmNpQrStUvWxYz129aBc' },
    ];
    expect(accounts.map(payoutAccountLabel)).toEqual(['HDFC Bank •••• 4321', 'ravi@okaxis', 'TXyz…9aBc']);
  });
});
