import { ERROR_MESSAGES, type ErrorCode } from '@mayur/rules/errors';

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
  APPROVER_FUNDED_PLAYER:
    'You made or approved a gift code or an adjustment this player received: another operator must approve their withdrawals',
  APPROVER_COOLING:
    'You and the operator who asked made or reset one another’s accounts recently (or were made by the same owner): another operator must approve',
  OPERATOR_EMAIL_MISSING: 'This operator has no e-mail address for a one-time password; create a new account for them instead',
  OWNER_REQUEST_NOT_FOUND: 'This request does not exist',
  OWNER_REQUEST_CLOSED: 'This request has already been approved or rejected',
  SECOND_OWNER_REQUIRED: 'Another owner must approve this',
  GIFT_CODE_NOT_PENDING: 'This gift code is not waiting for approval',
  ALLOWANCE_REACHED: 'The single-approval total of the day is reached: a second operator must approve this',
  PLAYER_NOT_FOUND: 'This player does not exist',
  ADJUSTMENT_NOT_FOUND: 'This adjustment does not exist',
  ADJUSTMENT_CLOSED: 'This adjustment has already been posted or rejected',
  AGENT_RATES_INVALID:
    'Each level needs six commission rates, whole basis points from 0 to 10,000, adding up to at most 1,000 (10 %); 1 to 20 levels',
  AGENT_THRESHOLDS_INVALID:
    'Thresholds must be whole numbers, none for L0, and each level must ask at least what the level below asks',
  INVITE_BONUS_INVALID:
    'The invite bonus must be whole rupees (0 turns it off), at most its recharge threshold, and the threshold at least ₹1',
  BANNER_TYPE_INVALID: 'The banner must be a PNG, JPEG or WebP image (read from the file itself; SVG is not accepted)',
  BANNER_TOO_LARGE: 'The banner image must be at most 1 MB',
  BANNER_SHAPE_INVALID:
    'The banner must be 5:2 to 4:1 (wide), at least 125 pixels high and at most 4000 wide; 750 × 250 fits best',
  BANNER_LINK_INVALID: 'The link must start with https:// or be a path of the app such as /activity',
  BANNER_NOT_FOUND: 'This banner does not exist',
  BANNER_ORDER_STALE: 'The banners changed meanwhile; reload and order them again',
  BANNER_LIMIT_REACHED: 'There are already 50 banners; delete one first',
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
