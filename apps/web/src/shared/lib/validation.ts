import type { ErrorCode } from '@mayur/rules/errors';
import { parseMoney } from '@mayur/rules/money';
import {
  CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  MOBILE_MAX_INPUT_LENGTH,
  MOBILE_PATTERN,
  NICKNAME_MAX_LENGTH,
  normaliseMobile,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  WITHDRAW_PASSWORD_MAX_LENGTH,
  WITHDRAW_PASSWORD_MIN_LENGTH,
} from '@mayur/rules/field-rules';

// Client-side checks built on the contracts' own rules (the dependency-free rules module) and
// reporting the same error codes, so a form can show the message before a round trip. The server
// stays the authority.

export { normaliseMobile };

export type FieldError = ErrorCode | 'PASSWORDS_DIFFER';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkMobile(value: string): FieldError | null {
  if (value.trim() === '') return 'MOBILE_REQUIRED';
  if (value.trim().length > MOBILE_MAX_INPUT_LENGTH || !MOBILE_PATTERN.test(normaliseMobile(value))) return 'MOBILE_INVALID';
  return null;
}

export function checkEmail(value: string): FieldError | null {
  const email = value.trim();
  if (email === '') return 'EMAIL_REQUIRED';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return 'EMAIL_INVALID';
  return null;
}

/** A password typed at login: any non-empty text within bounds. */
export function checkLoginPassword(value: string): FieldError | null {
  if (value === '') return 'PASSWORD_REQUIRED';
  if (value.length > PASSWORD_MAX_LENGTH) return 'PASSWORD_INVALID';
  return null;
}

/** A new login password: within the contracts' length bounds. */
export function checkNewPassword(value: string): FieldError | null {
  if (value === '') return 'PASSWORD_REQUIRED';
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return 'PASSWORD_INVALID';
  return null;
}

export function checkWithdrawPassword(value: string): FieldError | null {
  if (value === '') return 'WITHDRAW_PASSWORD_REQUIRED';
  if (value.length < WITHDRAW_PASSWORD_MIN_LENGTH || value.length > WITHDRAW_PASSWORD_MAX_LENGTH)
    return 'WITHDRAW_PASSWORD_INVALID';
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
  return nickName.length > NICKNAME_MAX_LENGTH ? 'NICKNAME_INVALID' : null;
}

/** A gift code as typed; its format is the server's to judge, which answers GIFT_NOT_FOUND for anything unknown. */
export function checkGiftCode(value: string): FieldError | null {
  return value.trim() === '' ? 'GIFT_CODE_REQUIRED' : null;
}

/**
 * An amount of bonus to exchange for cash, as typed, against the bonus the player holds (wire text
 * such as "5.00"). Both are compared as integer paise, never as floating-point numbers.
 */
export function checkBonusAmount(value: string, availableBonus: string): FieldError | null {
  const text = value.trim();
  if (text === '') return 'BONUS_REQUIRED';
  const paise = parseMoney(text);
  if (paise === null || paise <= 0n) return 'AMOUNT_INVALID';
  const availablePaise = parseMoney(availableBonus);
  if (availablePaise === null || paise > availablePaise) return 'INSUFFICIENT_BONUS';
  return null;
}

/** The i18n key of a field error: contract codes live under `errors.`, the client-only one beside them. */
export function fieldErrorKey(error: FieldError): string {
  return error === 'PASSWORDS_DIFFER' ? 'validation.passwordsDiffer' : `errors.${error}`;
}
