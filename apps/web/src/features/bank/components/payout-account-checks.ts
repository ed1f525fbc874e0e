import type { TAddBankCardRequest } from '@mayur/contracts';
import type { ErrorCode } from '@mayur/rules/errors';
import {
  ACTUAL_NAME_MAX_LENGTH,
  BANK_ACCOUNT_PATTERN,
  BANK_NAME_MAX_LENGTH,
  IFSC_PATTERN,
  TRC20_ADDRESS_PATTERN,
  UPI_ACCOUNT_PATTERN,
} from '@mayur/rules/field-rules';
import {
  checkEmail,
  checkMobile,
  checkWithdrawPassword,
  normaliseMobile,
  type FieldError,
} from '../../../shared/lib/validation.ts';
import type { PayoutAccount } from './payout-accounts.ts';

// Early checks of the payout account forms, on the contracts' own patterns and error codes (cash.ts),
// so a mistake shows beside its field before a round trip. The server stays the authority; it also
// verifies the TRC20 address checksum, which is not repeated here.

// Control characters never belong in a stored name; the server refuses them as "invalid".
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The kinds the bank form edits; USDT addresses have their own form. */
export type BankAccountKind = 'bank' | 'upi';

/** The bank form's fields as typed, in the contract's (and the form's) order. */
export type BankAccountDraft = {
  kind: BankAccountKind;
  actualName: string;
  ifscCode: string;
  bankName: string;
  bankAccount: string;
  upiAccount: string;
  email: string;
  mobile: string;
  withdrawPassword: string;
};

export type BankAccountField = Exclude<keyof BankAccountDraft, 'kind'>;

function checkRequiredText(value: string, requiredCode: ErrorCode, invalidCode: ErrorCode, maxLength: number): FieldError | null {
  const text = value.trim();
  if (text === '') return requiredCode;
  return text.length > maxLength || CONTROL_CHARACTERS.test(text) ? invalidCode : null;
}

export function checkActualName(value: string): FieldError | null {
  return checkRequiredText(value, 'ACTUAL_NAME_REQUIRED', 'ACTUAL_NAME_INVALID', ACTUAL_NAME_MAX_LENGTH);
}

export function checkBankName(value: string): FieldError | null {
  return checkRequiredText(value, 'BANK_NAME_REQUIRED', 'BANK_NAME_INVALID', BANK_NAME_MAX_LENGTH);
}

/** An IFSC as the server reads it: without spaces, in upper case ("hdfc 0001234" → "HDFC0001234"). */
export function normaliseIfsc(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function checkIfscCode(value: string): FieldError | null {
  const ifsc = normaliseIfsc(value);
  if (ifsc === '') return 'IFSC_REQUIRED';
  return IFSC_PATTERN.test(ifsc) ? null : 'IFSC_INVALID';
}

/** A bank account number as the server reads it: without spaces or hyphens. */
export function normaliseBankAccount(value: string): string {
  return value.replace(/[\s-]+/g, '');
}

export function checkBankAccount(value: string): FieldError | null {
  const account = normaliseBankAccount(value);
  if (account === '') return 'BANK_ACCOUNT_REQUIRED';
  return BANK_ACCOUNT_PATTERN.test(account) ? null : 'BANK_ACCOUNT_INVALID';
}

/** A UPI id ("name@bank"): required for a UPI account, optional beside a bank card. */
export function checkUpiAccount(value: string, isRequired: boolean): FieldError | null {
  const upi = value.trim();
  if (upi === '') return isRequired ? 'UPI_ACCOUNT_REQUIRED' : null;
  return UPI_ACCOUNT_PATTERN.test(upi) ? null : 'UPI_ACCOUNT_INVALID';
}

/** The shape of a TRC20 address ("T" and 33 base58 characters); the server also checks its checksum. */
export function checkUsdtAddress(value: string): FieldError | null {
  const address = value.trim();
  if (address === '') return 'USDT_ACCOUNT_REQUIRED';
  return TRC20_ADDRESS_PATTERN.test(address) ? null : 'USDT_ADDRESS_INVALID';
}

/** Every check of the bank form; a bank card's own fields are not asked of a UPI account. */
export function checkBankAccountDraft(draft: BankAccountDraft): Partial<Record<BankAccountField, FieldError | null>> {
  const isBankCard = draft.kind === 'bank';
  return {
    actualName: checkActualName(draft.actualName),
    ...(isBankCard && {
      ifscCode: checkIfscCode(draft.ifscCode),
      bankName: checkBankName(draft.bankName),
      bankAccount: checkBankAccount(draft.bankAccount),
    }),
    upiAccount: checkUpiAccount(draft.upiAccount, !isBankCard),
    email: checkEmail(draft.email),
    mobile: checkMobile(draft.mobile),
    withdrawPassword: checkWithdrawPassword(draft.withdrawPassword),
  };
}

/** The body of /cash/addBankCard (and, with an id, /cash/editBankCard) for a checked draft. */
export function bankAccountRequestOf(draft: BankAccountDraft): TAddBankCardRequest {
  const contact = { email: draft.email.trim(), mobile: normaliseMobile(draft.mobile), withdrawPassword: draft.withdrawPassword };
  if (draft.kind === 'upi') {
    return { kind: 'upi', actualName: draft.actualName.trim(), upiAccount: draft.upiAccount.trim(), ...contact };
  }
  return {
    kind: 'bank',
    actualName: draft.actualName.trim(),
    ifscCode: normaliseIfsc(draft.ifscCode),
    bankName: draft.bankName.trim(),
    bankAccount: normaliseBankAccount(draft.bankAccount),
    upiAccount: draft.upiAccount.trim() || undefined,
    ...contact,
  };
}

/** A new draft, with the player's own contact details as a starting point. */
export function emptyBankAccountDraft(contact: { email: string | null; mobile: string | null } | undefined): BankAccountDraft {
  return {
    kind: 'bank',
    actualName: '',
    ifscCode: '',
    bankName: '',
    bankAccount: '',
    upiAccount: '',
    email: contact?.email ?? '',
    mobile: contact?.mobile ?? '',
    withdrawPassword: '',
  };
}

/** The draft of an existing bank card or UPI account, to edit it; the password is always typed afresh. */
export function bankAccountDraftOf(account: PayoutAccount): BankAccountDraft {
  return {
    kind: account.kind === 'upi' ? 'upi' : 'bank',
    actualName: account.actualName ?? '',
    ifscCode: account.ifscCode ?? '',
    bankName: account.bankName ?? '',
    bankAccount: account.bankAccount ?? '',
    upiAccount: account.upiAccount ?? '',
    email: account.email ?? '',
    mobile: account.mobile ?? '',
    withdrawPassword: '',
  };
}

/** Where a form may send the player after saving: only back to a withdrawal screen, else `fallback`. */
const RETURN_PATHS: ReadonlySet<string> = new Set(['/withdraw', '/withdrawemail']);

export function returnPathOf(returnTo: string | null, fallback: string): string {
  return returnTo !== null && RETURN_PATHS.has(returnTo) ? returnTo : fallback;
}

/** The `id` query parameter of an edit screen: a positive integer, or null for anything else. */
export function accountIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
