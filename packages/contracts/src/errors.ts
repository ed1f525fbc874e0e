// Stable machine codes for every refusal, with the English message people see when a client has no
// translation. This file has no runtime dependencies so that the web app can import it cheaply.

export const ERROR_MESSAGES = {
  BAD_REQUEST: 'The request could not be read',
  UNSUPPORTED_MEDIA_TYPE: 'Send the form as JSON or form-encoded',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  INVALID_FIELD: 'Please check the form',
  NOT_FOUND: 'Not found',
  UNAUTHORIZED: 'The certification has expired',
  RATE_LIMITED: 'Too many requests, please try again later',
  INTERNAL: 'Game Error, Please try again.',
  TIMEOUT: 'Time Out',
  NETWORK: 'Network error, please check your connection',

  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_INVALID: 'Password must be 8 to 64 characters',
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please check email address',
  MOBILE_REQUIRED: 'Mobile Number is required',
  MOBILE_INVALID: 'Please check mobile number',
  CODE_REQUIRED: 'code is required',
  CODE_INVALID: 'The code is wrong or has expired',
  CODE_ATTEMPTS_EXCEEDED: 'Too many wrong codes, please request a new code',
  WAIT_ONE_MINUTE: 'Please wait one minute',
  CODE_DELIVERY_FAILED: 'The code could not be sent, please try again',
  WITHDRAW_PASSWORD_REQUIRED: 'Withdrawal password is required',
  WITHDRAW_PASSWORD_INVALID: 'Withdrawal password must be 6 to 32 characters',
  RECOMMENDATION_CODE_REQUIRED: 'Recommendation code is required',
  RECOMMENDATION_CODE_INVALID: 'This recommendation code does not exist',
  REGISTRATION_CLOSED: 'Registration is closed',
  ACCOUNT_EXISTS: 'This account is already registered',
  ACCOUNT_NOT_FOUND: 'No account is registered with this number or e-mail',
  ACCOUNT_MISMATCH: 'This number or e-mail does not belong to your account',
  LOGIN_FAILED: 'Wrong account or password',
  LOGIN_THROTTLED: 'Too many login attempts, please try again later',
  NICKNAME_REQUIRED: 'Nick Name is required',
  NICKNAME_INVALID: 'Nick Name must be 1 to 20 characters',
  AGE_CONFIRMATION_REQUIRED: 'Please confirm that you are 18 or older',
  RISK_ACCEPTANCE_REQUIRED: 'Please accept the risk disclosure',

  AMOUNT_INVALID: 'Please enter a valid amount',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  INSUFFICIENT_BONUS: 'Your bonus is insufficient',
  BONUS_REQUIRED: 'Please input bonus',
  IDEMPOTENCY_CONFLICT: 'This request was already made with different details',
  GIFT_CODE_REQUIRED: 'Please input the gift code',
  GIFT_NOT_FOUND: 'This gift code does not exist',
  GIFT_EXPIRED: 'This gift code has expired',
  GIFT_USED_UP: 'This gift code has been fully redeemed',
  GIFT_ALREADY_REDEEMED: 'You have already redeemed this gift code',

  PRESALE_RULE_REQUIRED: 'Please agree to the presale rule',
  SELECTION_INVALID: 'Please choose what to bet on',
  BET_TOO_SMALL: 'The min bet amount is 1.1',
  BET_TOO_LARGE: 'This bet is above the maximum for this room',
  PERIOD_UNKNOWN: 'This period does not exist',
  BETTING_CLOSED: 'Betting is closed for this period',
  ROOM_UNKNOWN: 'This game room does not exist',
  BET_UNKNOWN: 'This bet does not exist',
  ROUND_UNKNOWN: 'This round does not exist',
  CASHOUT_TARGET_INVALID: 'The auto cash-out must be between 1.01 and 10000',
  CASHOUT_TOO_LATE: 'Too late: the round has crashed',
  CASHOUT_NOT_FLYING: 'You can cash out once the round is flying',
  ALREADY_CASHED_OUT: 'This bet has already been cashed out',
  SLOT_TAKEN: 'You already have a bet in this slot',
  BET_NOT_CANCELLABLE: 'This bet can no longer be cancelled',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}
