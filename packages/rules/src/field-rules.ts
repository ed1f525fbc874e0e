// Field rules without dependencies, shared by the zod schemas (fields.ts) and the web app's early
// checks, so a form and the server can never disagree on what a valid mobile number or password is.

export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const MOBILE_MAX_INPUT_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 254;
export const CODE_PATTERN = /^\d{6}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const WITHDRAW_PASSWORD_MIN_LENGTH = 6;
export const WITHDRAW_PASSWORD_MAX_LENGTH = 32;
export const NICKNAME_MAX_LENGTH = 20;
export const GIFT_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
/** Indian Financial System Code: four letters, a zero, six letters or digits ("HDFC0001234"). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;
/** A UPI id (VPA): "name@bank". */
export const UPI_ACCOUNT_PATTERN = /^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** The shape of a TRON (TRC20) address; the server also checks its base58 checksum. */
export const TRC20_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
export const ACTUAL_NAME_MAX_LENGTH = 60;
export const BANK_NAME_MAX_LENGTH = 60;
/** Payout accounts a player may keep of each group (bank/UPI, USDT). */
export const MAX_PAYOUT_ACCOUNTS = 5;
/** The only USDT recharge type there is: TRC20 on TRON. */
export const USDT_TRC20_PAY_TYPE = 40001;
/** Largest amount any single request may carry: ₹1 crore, in paise. */
export const MAX_REQUEST_AMOUNT_PAISE = 1_000_000_000n;

/** "+91 98765 43210", "0091…", "09876543210" and "9876543210" all become "9876543210". */
export function normaliseMobile(value: string): string {
  return value
    .trim()
    .replace(/[\s-]/g, '')
    .replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, '');
}

/**
 * The text of a row id (a PostgreSQL bigint: rounds, bets, complaints, attachments, adjustments):
 * no sign, no leading zero, at most 18 digits so it always fits.
 */
export const ROW_ID_PATTERN = /^[1-9]\d{0,17}$/;

export function isRowId(text: string): boolean {
  return ROW_ID_PATTERN.test(text);
}
