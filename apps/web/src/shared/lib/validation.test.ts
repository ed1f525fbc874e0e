import { describe, expect, it } from 'vitest';
import { checkCode, checkConfirmation, checkEmail, checkMobile, checkNewPassword, normaliseMobile } from './validation.ts';

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
});
