import { ERROR_MESSAGES, type ErrorCode } from '../errors.ts';

// The back office's own refusals, beside the player API's (which the console also meets when it calls
// the same use cases, e.g. COMPLAINT_NOT_FOUND). Kept apart so the player app's eleven locales do not
// have to translate operator-only messages.

export const ADMIN_ERROR_MESSAGES = {
  FORBIDDEN: 'Your role does not allow this',
  SIGN_IN_FAILED: 'Wrong login, password or code',
  SIGN_IN_THROTTLED: 'Too many sign-in attempts, please try again later',
  TOTP_REQUIRED: 'Enter the code from your authenticator app',
  TOTP_INVALID: 'The code is wrong, expired or already used',
  ENROLMENT_EXPIRED: 'The enrolment has expired, please sign in again',
  OPERATOR_EXISTS: 'An operator with this login already exists',
  OPERATOR_NOT_FOUND: 'This operator does not exist',
  CANNOT_DISABLE_SELF: 'You cannot disable your own account',
  CANNOT_RESET_SELF: 'You cannot reset your own account; ask another owner',
  OPERATOR_PASSWORD_INVALID: 'The password must be 12 to 128 characters',
  OPERATOR_PASSWORD_REUSED: 'Choose a new password, not the current one',
  ASSIGNEE_INVALID: 'Complaints can be assigned only to an active owner or support operator',
  APPROVAL_ALREADY_GIVEN: 'You have already approved this; a second operator must approve it',
  PLAYER_NOT_FOUND: 'This player does not exist',
  ADJUSTMENT_NOT_FOUND: 'This adjustment does not exist',
  ADJUSTMENT_CLOSED: 'This adjustment has already been posted or rejected',
} as const;

export type AdminOnlyErrorCode = keyof typeof ADMIN_ERROR_MESSAGES;
export type AdminErrorCode = AdminOnlyErrorCode | ErrorCode;

export function adminErrorMessage(code: AdminErrorCode): string {
  return Object.hasOwn(ADMIN_ERROR_MESSAGES, code)
    ? ADMIN_ERROR_MESSAGES[code as AdminOnlyErrorCode]
    : ERROR_MESSAGES[code as ErrorCode];
}

export function isAdminErrorCode(value: unknown): value is AdminErrorCode {
  return typeof value === 'string' && (Object.hasOwn(ADMIN_ERROR_MESSAGES, value) || Object.hasOwn(ERROR_MESSAGES, value));
}
