import { describe, expect, it } from 'vitest';
import { fieldOfErrorCode } from '../../../shared/lib/use-form-errors.ts';
import {
  accountIdOf,
  bankAccountDraftOf,
  bankAccountRequestOf,
  checkActualName,
  checkBankAccount,
  checkBankAccountDraft,
  checkBankName,
  checkIfscCode,
  checkUpiAccount,
  checkUsdtAddress,
  emptyBankAccountDraft,
  returnPathOf,
  type BankAccountDraft,
} from './payout-account-checks.ts';
import type { PayoutAccount } from './payout-accounts.ts';

const VALID_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const bankCard: BankAccountDraft = {
  kind: 'bank',
  actualName: '  Ravi Kumar ',
  ifscCode: 'hdfc 0001234',
  bankName: ' HDFC Bank ',
  bankAccount: '5010-0123 4567',
  upiAccount: '',
  email: ' ravi@example.com ',
  mobile: '+91 98765 43210',
  withdrawPassword: 'secret1',
};

describe('payout account field checks', () => {
  it('asks for the actual name and bounds it like the contract', () => {
    expect(checkActualName('   ')).toBe('ACTUAL_NAME_REQUIRED');
    expect(checkActualName('Ravi Kumar')).toBeNull();
    expect(checkActualName('x'.repeat(60))).toBeNull();
    expect(checkActualName('x'.repeat(61))).toBe('ACTUAL_NAME_INVALID');
    expect(checkActualName('Ravi\u0000')).toBe('ACTUAL_NAME_INVALID');
  });

  it('asks for the bank name and bounds it', () => {
    expect(checkBankName('')).toBe('BANK_NAME_REQUIRED');
    expect(checkBankName('State Bank of India')).toBeNull();
    expect(checkBankName('b'.repeat(61))).toBe('BANK_NAME_INVALID');
  });

  it('reads an IFSC without spaces and in any case', () => {
    expect(checkIfscCode(' ')).toBe('IFSC_REQUIRED');
    expect(checkIfscCode('HDFC0001234')).toBeNull();
    expect(checkIfscCode('hdfc 000 1234')).toBeNull();
    expect(checkIfscCode('HDFC1001234')).toBe('IFSC_INVALID');
    expect(checkIfscCode('HDF0001234')).toBe('IFSC_INVALID');
  });

  it('takes 9 to 18 digits of bank account, with spaces or hyphens', () => {
    expect(checkBankAccount('')).toBe('BANK_ACCOUNT_REQUIRED');
    expect(checkBankAccount('12345678')).toBe('BANK_ACCOUNT_INVALID');
    expect(checkBankAccount('123456789')).toBeNull();
    expect(checkBankAccount('1234-5678 9012 345678')).toBeNull();
    expect(checkBankAccount('1234567890123456789')).toBe('BANK_ACCOUNT_INVALID');
    expect(checkBankAccount('12345678a')).toBe('BANK_ACCOUNT_INVALID');
  });

  it('requires a UPI id only for a UPI account', () => {
    expect(checkUpiAccount('', true)).toBe('UPI_ACCOUNT_REQUIRED');
    expect(checkUpiAccount('  ', false)).toBeNull();
    expect(checkUpiAccount('ravi.kumar@okaxis', true)).toBeNull();
    expect(checkUpiAccount('ravi@', false)).toBe('UPI_ACCOUNT_INVALID');
    expect(checkUpiAccount('ravi kumar@okaxis', true)).toBe('UPI_ACCOUNT_INVALID');
  });

  it('checks the shape of a TRC20 address, trimmed', () => {
    expect(checkUsdtAddress('')).toBe('USDT_ACCOUNT_REQUIRED');
    expect(checkUsdtAddress(` ${VALID_ADDRESS}\n`)).toBeNull();
    expect(checkUsdtAddress(VALID_ADDRESS.slice(0, -1))).toBe('USDT_ADDRESS_INVALID');
    expect(checkUsdtAddress(`A${VALID_ADDRESS.slice(1)}`)).toBe('USDT_ADDRESS_INVALID');
    // Base58 has no 0, O, I or l.
    expect(checkUsdtAddress(`${VALID_ADDRESS.slice(0, -1)}0`)).toBe('USDT_ADDRESS_INVALID');
  });
});

describe('the bank form', () => {
  it('passes a complete bank card and sends it as the server reads it', () => {
    expect(Object.values(checkBankAccountDraft(bankCard)).filter(Boolean)).toEqual([]);
    expect(bankAccountRequestOf(bankCard)).toEqual({
      kind: 'bank',
      actualName: 'Ravi Kumar',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
      bankAccount: '501001234567',
      upiAccount: undefined,
      email: 'ravi@example.com',
      mobile: '9876543210',
      withdrawPassword: 'secret1',
    });
  });

  it('reports every missing field of an empty bank card, in the form order', () => {
    const checks = checkBankAccountDraft({ ...emptyBankAccountDraft(undefined), withdrawPassword: '' });
    expect(Object.entries(checks).filter(([, error]) => error)).toEqual([
      ['actualName', 'ACTUAL_NAME_REQUIRED'],
      ['ifscCode', 'IFSC_REQUIRED'],
      ['bankName', 'BANK_NAME_REQUIRED'],
      ['bankAccount', 'BANK_ACCOUNT_REQUIRED'],
      ['email', 'EMAIL_REQUIRED'],
      ['mobile', 'MOBILE_REQUIRED'],
      ['withdrawPassword', 'WITHDRAW_PASSWORD_REQUIRED'],
    ]);
  });

  it('asks a UPI account only for its own fields and sends only those', () => {
    const upi: BankAccountDraft = { ...bankCard, kind: 'upi', ifscCode: '', bankName: '', bankAccount: '', upiAccount: '' };
    expect(checkBankAccountDraft(upi)).toEqual({
      actualName: null,
      upiAccount: 'UPI_ACCOUNT_REQUIRED',
      email: null,
      mobile: null,
      withdrawPassword: null,
    });
    expect(bankAccountRequestOf({ ...upi, upiAccount: ' ravi@okaxis ' })).toEqual({
      kind: 'upi',
      actualName: 'Ravi Kumar',
      upiAccount: 'ravi@okaxis',
      email: 'ravi@example.com',
      mobile: '9876543210',
      withdrawPassword: 'secret1',
    });
  });

  it('refuses a short withdrawal password before asking the server', () => {
    expect(checkBankAccountDraft({ ...bankCard, withdrawPassword: '12345' }).withdrawPassword).toBe('WITHDRAW_PASSWORD_INVALID');
  });

  it('starts a new account from the player’s own contact details', () => {
    const draft = emptyBankAccountDraft({ email: 'ravi@example.com', mobile: null });
    expect(draft).toMatchObject({ kind: 'bank', email: 'ravi@example.com', mobile: '', withdrawPassword: '' });
  });

  it('edits an existing account without its password', () => {
    const account: PayoutAccount = {
      id: 7,
      kind: 'upi',
      actualName: 'Ravi Kumar',
      ifscCode: null,
      bankName: null,
      bankAccount: null,
      upiAccount: 'ravi@okaxis',
      email: 'ravi@example.com',
      mobile: '9876543210',
      usdtAccount: null,
      createTime: '2025-01-01 10:00:00',
    };
    expect(bankAccountDraftOf(account)).toEqual({
      kind: 'upi',
      actualName: 'Ravi Kumar',
      ifscCode: '',
      bankName: '',
      bankAccount: '',
      upiAccount: 'ravi@okaxis',
      email: 'ravi@example.com',
      mobile: '9876543210',
      withdrawPassword: '',
    });
  });

  it('places each refusal of the server on the field of the form that caused it', () => {
    expect(fieldOfErrorCode('ACTUAL_NAME_INVALID')).toBe('actualName');
    expect(fieldOfErrorCode('IFSC_REQUIRED')).toBe('ifscCode');
    expect(fieldOfErrorCode('BANK_NAME_INVALID')).toBe('bankName');
    expect(fieldOfErrorCode('BANK_ACCOUNT_INVALID')).toBe('bankAccount');
    expect(fieldOfErrorCode('UPI_ACCOUNT_REQUIRED')).toBe('upiAccount');
    expect(fieldOfErrorCode('USDT_ACCOUNT_REQUIRED')).toBe('usdtAccount');
    expect(fieldOfErrorCode('USDT_ADDRESS_INVALID')).toBe('usdtAccount');
    expect(fieldOfErrorCode('WITHDRAW_PASSWORD_WRONG')).toBe('withdrawPassword');
    expect(fieldOfErrorCode('WITHDRAW_PASSWORD_THROTTLED')).toBe('withdrawPassword');
    expect(fieldOfErrorCode('PASSWORD_INVALID')).toBe('password');
    expect(fieldOfErrorCode('WITHDRAW_AMOUNT_INVALID')).toBe('amount');
    expect(fieldOfErrorCode('BANK_CARD_REQUIRED')).toBe('bankCardId');
    expect(fieldOfErrorCode('PAYOUT_ACCOUNT_EXISTS')).toBeNull();
  });
});

describe('screen parameters', () => {
  it('returns only to a withdrawal screen', () => {
    expect(returnPathOf('/withdraw', '/bank')).toBe('/withdraw');
    expect(returnPathOf('/withdrawemail', '/bankemail')).toBe('/withdrawemail');
    expect(returnPathOf(null, '/bank')).toBe('/bank');
    expect(returnPathOf('https://evil.example/withdraw', '/bank')).toBe('/bank');
    expect(returnPathOf('//evil.example', '/bankemail')).toBe('/bankemail');
    expect(returnPathOf('/mine', '/bank')).toBe('/bank');
  });

  it('reads the account id of an edit screen', () => {
    expect(accountIdOf('12')).toBe(12);
    expect(accountIdOf(null)).toBeNull();
    expect(accountIdOf('')).toBeNull();
    expect(accountIdOf('0')).toBeNull();
    expect(accountIdOf('-3')).toBeNull();
    expect(accountIdOf('1.5')).toBeNull();
    expect(accountIdOf('12abc')).toBeNull();
    expect(accountIdOf('9999999999')).toBeNull();
  });
});
