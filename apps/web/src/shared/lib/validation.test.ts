import { describe, expect, it } from 'vitest';
import {
  checkBonusAmount,
  checkCode,
  checkConfirmation,
  checkEmail,
  checkGiftCode,
  checkMobile,
  checkNewPassword,
  normaliseMobile,
} from './validation.ts';

describe('client-side field checks', () => {
  it('uses the contract codes for mobile numbers', () => {
    expect(checkMobile('')).toBe('MOBILE_REQUIRED');
    expect(checkMobile('12345')).toBe('MOBILE_INVALID');
    expect(checkMobile('5876543210')).toBe('MOBILE_INVALID');
    expect(checkMobile('+91 98765 43210')).toBeNull();
    expect(normaliseMobile('09876543210')).toBe('9876543210');
  });

  it('checks e-mail, passwords and codes', () => {
    expect(checkEmail(' ')).toBe('EMAIL_REQUIRED');
    expect(checkEmail('a@b')).toBe('EMAIL_INVALID');
    expect(checkEmail('demo@mayur.local')).toBeNull();
    expect(checkNewPassword('')).toBe('PASSWORD_REQUIRED');
    expect(checkNewPassword('short')).toBe('PASSWORD_INVALID');
    expect(checkConfirmation('abc', 'abd', 'PASSWORD_REQUIRED')).toBe('PASSWORDS_DIFFER');
    expect(checkCode('')).toBe('CODE_REQUIRED');
    expect(checkCode('12345')).toBe('CODE_INVALID');
    expect(checkCode('123456')).toBeNull();
  });

  it('checks a gift code is there, leaving its format to the server', () => {
    expect(checkGiftCode('  ')).toBe('GIFT_CODE_REQUIRED');
    expect(checkGiftCode(' abcd2345 ')).toBeNull();
  });

  it('checks a bonus exchange amount in paise against the available bonus', () => {
    expect(checkBonusAmount('', '5.00')).toBe('BONUS_REQUIRED');
    expect(checkBonusAmount('   ', '5.00')).toBe('BONUS_REQUIRED');
    expect(checkBonusAmount('0', '5.00')).toBe('AMOUNT_INVALID');
    expect(checkBonusAmount('0.00', '5.00')).toBe('AMOUNT_INVALID');
    expect(checkBonusAmount('-1', '5.00')).toBe('AMOUNT_INVALID');
    expect(checkBonusAmount('1.234', '5.00')).toBe('AMOUNT_INVALID');
    expect(checkBonusAmount('1e2', '500.00')).toBe('AMOUNT_INVALID');
    expect(checkBonusAmount('abc', '5.00')).toBe('AMOUNT_INVALID');
    expect(checkBonusAmount('5.01', '5.00')).toBe('INSUFFICIENT_BONUS');
    expect(checkBonusAmount('0.01', '0.00')).toBe('INSUFFICIENT_BONUS');
    expect(checkBonusAmount('5', '5.00')).toBeNull();
    expect(checkBonusAmount(' 0.1 ', '5.00')).toBeNull();
    // 0.1 + 0.2 is not 0.3 in floating point; in paise it is exact.
    expect(checkBonusAmount('0.3', '0.30')).toBeNull();
    expect(checkBonusAmount('90071992547409.93', '90071992547409.92')).toBe('INSUFFICIENT_BONUS');
  });
});
