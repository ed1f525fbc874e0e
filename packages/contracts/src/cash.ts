import { z } from 'zod';
import type { ErrorCode } from '@mayur/rules/errors';
import { requiredText, zEmail, zList, zMobile, zMoneyText, zPageField, zWithdrawPassword } from './fields.ts';
import {
  ACTUAL_NAME_MAX_LENGTH,
  BANK_ACCOUNT_PATTERN,
  BANK_NAME_MAX_LENGTH,
  IFSC_PATTERN,
  TRC20_ADDRESS_PATTERN,
  UPI_ACCOUNT_PATTERN,
  USDT_TRC20_PAY_TYPE,
} from '@mayur/rules/field-rules';
import { zAmount, zRequestKey } from './wallet.ts';

// Payments (DESIGN.md §8): payout accounts, recharge orders (bank/UPI through a gateway, USDT to a
// single-use TRC20 address) and withdrawals. Record statuses are the spec's labels: a recharge is
// WAIT, COMPLETED or FAIL; a withdrawal is WAIT, SUCCESS or FAIL.

const err = (code: ErrorCode) => ({ error: code });

/** Text normalised to upper case without spaces ("hdfc 0001234" → "HDFC0001234"). */
function compactUpper(requiredCode: ErrorCode, invalidCode: ErrorCode, pattern: RegExp) {
  return z
    .string(err(requiredCode))
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, err(requiredCode)).regex(pattern, err(invalidCode)));
}

const zActualName = requiredText('ACTUAL_NAME_REQUIRED', 'ACTUAL_NAME_INVALID', ACTUAL_NAME_MAX_LENGTH);
const zIfsc = compactUpper('IFSC_REQUIRED', 'IFSC_INVALID', IFSC_PATTERN);
const zBankName = requiredText('BANK_NAME_REQUIRED', 'BANK_NAME_INVALID', BANK_NAME_MAX_LENGTH);
const zBankAccount = z
  .string(err('BANK_ACCOUNT_REQUIRED'))
  .transform((value) => value.replace(/[\s-]+/g, ''))
  .pipe(z.string().min(1, err('BANK_ACCOUNT_REQUIRED')).regex(BANK_ACCOUNT_PATTERN, err('BANK_ACCOUNT_INVALID')));
const zUpiAccount = z
  .string(err('UPI_ACCOUNT_REQUIRED'))
  .trim()
  .min(1, err('UPI_ACCOUNT_REQUIRED'))
  .regex(UPI_ACCOUNT_PATTERN, err('UPI_ACCOUNT_INVALID'))
  .transform((value) => value.toLowerCase());
/** Missing or blank is "not given" (undefined); anything else must be a valid UPI id. */
const zOptionalUpiAccount = z
  .string(err('UPI_ACCOUNT_INVALID'))
  .max(200, err('UPI_ACCOUNT_INVALID'))
  .nullish()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return undefined;
    if (!UPI_ACCOUNT_PATTERN.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'UPI_ACCOUNT_INVALID' });
      return z.NEVER;
    }
    return text.toLowerCase();
  });
export const zUsdtAddress = z
  .string(err('USDT_ACCOUNT_REQUIRED'))
  .trim()
  .min(1, err('USDT_ACCOUNT_REQUIRED'))
  .regex(TRC20_ADDRESS_PATTERN, err('USDT_ADDRESS_INVALID'));

/** A record id sent back by the client: a positive integer, as number or text. */
function zId(code: ErrorCode) {
  return z.union([z.number(), z.string().max(12)], err(code)).transform((value, ctx) => {
    const parsed = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
    if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    }
    return parsed;
  });
}

// Field order is the form's order, so the first refusal is the first field a person would fix.
const bankFields = {
  kind: z.literal('bank'),
  actualName: zActualName,
  ifscCode: zIfsc,
  bankName: zBankName,
  bankAccount: zBankAccount,
  upiAccount: zOptionalUpiAccount,
  email: zEmail,
  mobile: zMobile,
};
const upiFields = {
  kind: z.literal('upi'),
  actualName: zActualName,
  upiAccount: zUpiAccount,
  email: zEmail,
  mobile: zMobile,
};

const usdtFields = {
  kind: z.literal('usdt'),
  usdtAccount: zUsdtAddress,
};

/** Defaults a missing or blank `kind` to "bank", so the spec's plain bank-card form still works. */
function withDefaultKind(value: unknown) {
  if (value === null || typeof value !== 'object') return value;
  const kind = (value as { kind?: unknown }).kind;
  return kind === undefined || kind === '' ? { ...value, kind: 'bank' } : value;
}

export const ZAddBankCardRequest = z.preprocess(
  withDefaultKind,
  z.discriminatedUnion(
    'kind',
    [
      z.object({ ...bankFields, withdrawPassword: zWithdrawPassword }),
      z.object({ ...upiFields, withdrawPassword: zWithdrawPassword }),
    ],
    err('INVALID_FIELD'),
  ),
);
export type TAddBankCardRequest = z.infer<typeof ZAddBankCardRequest>;

export const ZAddUsdtAccountRequest = z.object({
  usdtAccount: zUsdtAddress,
  withdrawPassword: zWithdrawPassword,
});

/** Edit any payout account: `kind` "bank" (default) or "upi" with those fields, or "usdt" with the new address. */
export const ZEditBankCardRequest = z.preprocess(
  withDefaultKind,
  z.discriminatedUnion(
    'kind',
    [
      z.object({ id: zId('PAYOUT_ACCOUNT_NOT_FOUND'), ...bankFields, withdrawPassword: zWithdrawPassword }),
      z.object({ id: zId('PAYOUT_ACCOUNT_NOT_FOUND'), ...upiFields, withdrawPassword: zWithdrawPassword }),
      z.object({ id: zId('PAYOUT_ACCOUNT_NOT_FOUND'), ...usdtFields, withdrawPassword: zWithdrawPassword }),
    ],
    err('INVALID_FIELD'),
  ),
);
export type TEditBankCardRequest = z.infer<typeof ZEditBankCardRequest>;

export const ZDeleteBankCardRequest = z.object({
  id: zId('PAYOUT_ACCOUNT_NOT_FOUND'),
  withdrawPassword: zWithdrawPassword,
});

export const PAYOUT_ACCOUNT_KINDS = ['bank', 'upi', 'usdt'] as const;
export type TPayoutAccountKind = (typeof PAYOUT_ACCOUNT_KINDS)[number];

export const ZFindBankCardRequest = z.object({
  /** "bank" lists bank cards and UPI accounts, "usdt" the USDT accounts; missing lists all. */
  group: z.enum(['bank', 'usdt'], err('INVALID_FIELD')).optional(),
});

export const ZPayoutAccount = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_ACCOUNT_KINDS),
  actualName: z.string().nullable(),
  ifscCode: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  upiAccount: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  usdtAccount: z.string().nullable(),
  createTime: z.string(),
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;
export const ZFindBankCardResponse = zList(ZPayoutAccount);

// ---- Recharge ----

export const RECHARGE_METHODS = ['upi', 'bank'] as const;
export type TRechargeMethod = (typeof RECHARGE_METHODS)[number];

export const ZRechargeInfo = z.object({
  /** Which gateway takes bank/UPI payments: "sandbox" (local test page) or "gateway-hmac". */
  provider: z.string(),
  methods: z.array(z.object({ method: z.enum(RECHARGE_METHODS), minAmount: zMoneyText, maxAmount: zMoneyText })),
  minAmount: zMoneyText,
  maxAmount: zMoneyText,
  quickAmounts: z.array(zMoneyText),
  isUsdtAvailable: z.boolean(),
});
export type TRechargeInfo = z.infer<typeof ZRechargeInfo>;

export const ZPayNewRequest = z.object({
  amount: zAmount(),
  method: z.enum(RECHARGE_METHODS, err('RECHARGE_METHOD_INVALID')).optional().default('upi'),
  requestKey: zRequestKey,
});
export const ZPayNewResponse = z.object({
  orderNo: z.string(),
  amount: zMoneyText,
  /** Where the player pays: the gateway's page (or the local sandbox page). Open it in the same tab. */
  payUrl: z.string(),
});

export const ZUsdtRechargeInfo = z.object({
  isAvailable: z.boolean(),
  network: z.literal('TRC20'),
  /** Rupees credited per 1 USDT. */
  rate: zMoneyText,
  minUsdt: zMoneyText,
  maxUsdt: zMoneyText,
  contractAddress: z.string(),
  confirmations: z.number().int(),
  quickUsdtAmounts: z.array(zMoneyText),
});
export type TUsdtRechargeInfo = z.infer<typeof ZUsdtRechargeInfo>;

export const ZUsdtAddressPayRequest = z.object({
  /** USDT to send, at most two decimals. */
  amount: zAmount(),
  payType: z
    .union([z.number(), z.string().max(8)], err('RECHARGE_METHOD_INVALID'))
    .refine((value) => Number(value) === USDT_TRC20_PAY_TYPE, err('RECHARGE_METHOD_INVALID')),
  requestKey: zRequestKey,
});
export const ZUsdtAddressPayResponse = z.object({
  orderNo: z.string(),
  network: z.literal('TRC20'),
  /** The single-use deposit address for this order only. */
  address: z.string(),
  /** A QR code of the address, as an SVG data URL. */
  qrDataUrl: z.string(),
  usdtAmount: zMoneyText,
  /** Rupees credited once the transfer is confirmed. */
  amount: zMoneyText,
  rate: zMoneyText,
  expiresAtMs: z.number(),
});
export type TUsdtAddressPayResponse = z.infer<typeof ZUsdtAddressPayResponse>;

export const ZOrderNoRequest = z.object({
  orderNo: z
    .string(err('ORDER_NOT_FOUND'))
    .trim()
    .regex(/^[A-Z0-9]{6,40}$/, err('ORDER_NOT_FOUND')),
});
export const ZUsdtTransferFinishResponse = z.object({ orderNo: z.string(), status: z.literal('WAIT') });

/**
 * The spec's WAIT, COMPLETED and FAIL, and two states of a payment that arrived when it could not be
 * credited (a deposit limit passed, a time-out or self-exclusion in force): HELD, kept out of the
 * balance until the operator returns it, then RETURNED.
 */
export const RECHARGE_STATUSES = ['WAIT', 'COMPLETED', 'FAIL', 'HELD', 'RETURNED'] as const;
export type TRechargeStatus = (typeof RECHARGE_STATUSES)[number];
/** Why a paid recharge was held instead of credited. */
export const RECHARGE_HELD_REASONS = ['deposit_limit', 'timeout', 'self_exclusion'] as const;
export type TRechargeHeldReason = (typeof RECHARGE_HELD_REASONS)[number];

export const ZRecordListRequest = z.object({
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(100, 100),
});

export const ZRechargeRecord = z.object({
  orderNo: z.string(),
  method: z.enum(['upi', 'bank', 'usdt']),
  amount: zMoneyText,
  usdtAmount: zMoneyText.nullable(),
  status: z.enum(RECHARGE_STATUSES),
  /** HELD and RETURNED orders: why the payment was not credited; null otherwise. */
  heldReason: z.enum(RECHARGE_HELD_REASONS).nullable(),
  /** True for a USDT order whose "Transfer Finish" was pressed and that awaits verification. */
  isTransferSubmitted: z.boolean(),
  createTime: z.string(),
  completeTime: z.string().nullable(),
});
export type TRechargeRecord = z.infer<typeof ZRechargeRecord>;
export const ZRechargeListResponse = zList(ZRechargeRecord);

// ---- Withdrawal ----

export const ZWithdrawInfo = z.object({
  balance: zMoneyText,
  minBankAmount: zMoneyText,
  minUsdtAmount: zMoneyText,
  maxAmount: zMoneyText,
  /** Rupees per 1 USDT for USDT withdrawals. */
  usdtRate: zMoneyText,
  hasWithdrawPassword: z.boolean(),
});
export type TWithdrawInfo = z.infer<typeof ZWithdrawInfo>;

export const ZWithdrawNewRequest = z.object({
  amount: zAmount(),
  bankCardId: zId('BANK_CARD_REQUIRED'),
  withdrawPassword: zWithdrawPassword,
  requestKey: zRequestKey,
});
export const ZWithdrawNewResponse = z.object({
  withdrawNo: z.string(),
  amount: zMoneyText,
  usdtAmount: zMoneyText.nullable(),
  status: z.literal('WAIT'),
  balance: zMoneyText,
});

export const WITHDRAW_STATUSES = ['WAIT', 'SUCCESS', 'FAIL'] as const;
export type TWithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

export const ZWithdrawRecord = z.object({
  withdrawNo: z.string(),
  amount: zMoneyText,
  usdtAmount: zMoneyText.nullable(),
  status: z.enum(WITHDRAW_STATUSES),
  /** The operator's reason for a rejection, or why a payout failed. */
  reason: z.string().nullable(),
  accountKind: z.enum(PAYOUT_ACCOUNT_KINDS),
  /** The destination, masked: "HDFC Bank ••••4321", "pl••••@upi", "TXyz…9aBc". */
  accountLabel: z.string(),
  createTime: z.string(),
  completeTime: z.string().nullable(),
});
export type TWithdrawRecord = z.infer<typeof ZWithdrawRecord>;
export const ZWithdrawListResponse = zList(ZWithdrawRecord);
