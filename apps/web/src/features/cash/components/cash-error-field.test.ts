import { describe, expect, it } from 'vitest';
import { cashFieldOfError, type CashField } from './cash-error-field.ts';

const withdrawFields: CashField[] = ['account', 'amount', 'withdrawPassword'];
const rechargeFields: CashField[] = ['method', 'amount'];

describe('cashFieldOfError', () => {
  it('places the spec refusals on their fields', () => {
    expect(cashFieldOfError('RECHARGE_AMOUNT_INVALID', undefined, rechargeFields)).toBe('amount');
    expect(cashFieldOfError('PAYMENT_METHOD_UNAVAILABLE', undefined, rechargeFields)).toBe('method');
    expect(cashFieldOfError('WITHDRAW_AMOUNT_INVALID', undefined, withdrawFields)).toBe('amount');
    expect(cashFieldOfError('INSUFFICIENT_BALANCE', undefined, withdrawFields)).toBe('amount');
    expect(cashFieldOfError('WITHDRAW_PASSWORD_WRONG', undefined, withdrawFields)).toBe('withdrawPassword');
    expect(cashFieldOfError('BANK_CARD_REQUIRED', undefined, withdrawFields)).toBe('account');
  });

  it('prefers the field the server named', () => {
    expect(cashFieldOfError('AMOUNT_INVALID', 'amount', withdrawFields)).toBe('amount');
    expect(cashFieldOfError('PAYOUT_ACCOUNT_NOT_FOUND', 'bankCardId', withdrawFields)).toBe('account');
  });

  it('leaves refusals about the whole form, or about fields the form lacks, to the form', () => {
    expect(cashFieldOfError('PAYMENT_PROVIDER_FAILED', undefined, rechargeFields)).toBeNull();
    expect(cashFieldOfError('WITHDRAW_PASSWORD_WRONG', undefined, rechargeFields)).toBeNull();
    expect(cashFieldOfError('toString', undefined, rechargeFields)).toBeNull();
  });
});
