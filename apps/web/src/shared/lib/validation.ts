import type { ErrorCode } from '@mayur/contracts/errors';

// Client-side checks that mirror the rules of packages/contracts/src/fields.ts and report the same
// error codes, so a form can show the message before a round trip. The server stays the authority.
// (fields.ts imports zod, which the web bundle may not load at runtime; see the report on moving
// these patterns into a dependency-free contracts module.)

export type FieldError = ErrorCode | 'PASSWORDS_DIFFER';

const MOBILE_PATTERN = /^[6-9]\d{9}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = /^\d{6}$/;

/** "+91 98765 43210", "09876543210" and "9876543210" all become "9876543210" (as the server does). */
export function normaliseMobile(value: string): string {
  return value
    .trim()
    .replace(/[\s-]/g, '')
    .replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, '');
}

export function checkMobile(value: string): FieldError | null {
  if (value.trim() === '') return 'MOBILE_REQUIRED';
  if (value.trim().length > 20 || !MOBILE_PATTERN.test(normaliseMobile(value))) return 'MOBILE_INVALID';
  return null;
}

export function checkEmail(value: string): FieldError | null {
  const email = value.trim();
  if (email === '') return 'EMAIL_REQUIRED';
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return 'EMAIL_INVALID';
  return null;
}

/** A password typed at login: any non-empty text within bounds. */
export function checkLoginPassword(value: string): FieldError | null {
  if (value === '') return 'PASSWORD_REQUIRED';
  if (value.length > 64) return 'PASSWORD_INVALID';
  return null;
}

/** A new login password: 8 to 64 characters. */
export function checkNewPassword(value: string): FieldError | null {
  if (value === '') return 'PASSWORD_REQUIRED';
  if (value.length < 8 || value.length > 64) return 'PASSWORD_INVALID';
  return null;
}

export function checkWithdrawPassword(value: string): FieldError | null {
  if (value === '') return 'WITHDRAW_PASSWORD_REQUIRED';
  if (value.length < 6 || value.length > 32) return 'WITHDRAW_PASSWORD_INVALID';
  return null;
}

export function checkConfirmation(value: string, original: string, requiredCode: ErrorCode): FieldError | null {
  if (value === '') return requiredCode;
  return value === original ? null : 'PASSWORDS_DIFFER';
}

export function checkCode(value: string): FieldError | null {
  const code = value.trim();
  if (code === '') return 'CODE_REQUIRED';
  return CODE_PATTERN.test(code) ? null : 'CODE_INVALID';
}

export function checkInvitationCode(value: string, isRequired: boolean): FieldError | null {
  const code = value.trim();
  if (code === '') return isRequired ? 'RECOMMENDATION_CODE_REQUIRED' : null;
  return code.length > 32 ? 'RECOMMENDATION_CODE_INVALID' : null;
}

export function checkNickName(value: string): FieldError | null {
  const nickName = value.trim();
  if (nickName === '') return 'NICKNAME_REQUIRED';
  return nickName.length > 20 ? 'NICKNAME_INVALID' : null;
}

/** The i18n key of a field error: contract codes live under `errors.`, the client-only one beside them. */
export function fieldErrorKey(error: FieldError): string {
  return error === 'PASSWORDS_DIFFER' ? 'validation.passwordsDiffer' : `errors.${error}`;
}
