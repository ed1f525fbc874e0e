import { z } from 'zod';
import { parseMoney } from '@mayur/rules/money';
import { zList, zMoneyText, zPageField } from './fields.ts';
import { GIFT_CODE_PATTERN, MAX_REQUEST_AMOUNT_PAISE } from '@mayur/rules/field-rules';

/**
 * A positive amount of money as typed by a person (string or number, at most two decimals), parsed
 * to bigint paise. `requiredCode` is used when it is missing or empty.
 */
export function zAmount(requiredCode: 'AMOUNT_INVALID' | 'BONUS_REQUIRED' = 'AMOUNT_INVALID') {
  return z.union([z.string().max(24), z.number()], { error: requiredCode }).transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: requiredCode });
      return z.NEVER;
    }
    const paise = parseMoney(value);
    if (paise === null || paise <= 0n || paise > MAX_REQUEST_AMOUNT_PAISE) {
      ctx.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
      return z.NEVER;
    }
    return paise;
  });
}

/** An optional client-chosen key that makes a retried request safe (the first result is returned). */
export const zRequestKey = z
  .string({ error: 'INVALID_FIELD' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'INVALID_FIELD' })
  .optional();

export const TRANSACTION_TYPES = [
  'all',
  'gift',
  'bonus_exchange',
  'adjustment',
  'game',
  'recharge',
  'withdraw',
  'commission',
] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];

export const ZFindMoneyTranceListRequest = z.object({
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(20, 100),
  type: z.enum(TRANSACTION_TYPES, { error: 'INVALID_FIELD' }).optional().default('all'),
});

export const ZMoneyTransaction = z.object({
  id: z.string(),
  type: z.string(),
  reason: z.string(),
  wallet: z.enum(['cash', 'bonus']),
  /** Signed: "+50.00" in, "-12.00" out. */
  amount: z.string().regex(/^[+-]\d+\.\d{2}$/),
  balanceAfter: zMoneyText,
  reference: z.string().nullable(),
  createTime: z.string(),
});
export type TMoneyTransaction = z.infer<typeof ZMoneyTransaction>;
export const ZFindMoneyTranceListResponse = zList(ZMoneyTransaction);

export const ZRedeemGiftRequest = z.object({
  code: z
    .string({ error: 'GIFT_CODE_REQUIRED' })
    .trim()
    .min(1, { error: 'GIFT_CODE_REQUIRED' })
    .regex(GIFT_CODE_PATTERN, { error: 'GIFT_NOT_FOUND' })
    .transform((value) => value.toUpperCase()),
});
export const ZRedeemGiftResponse = z.object({
  amount: zMoneyText,
  wallet: z.enum(['cash', 'bonus']),
  balance: zMoneyText,
  bonus: zMoneyText,
});

/**
 * A request key that must be sent: money moved without one could not be told apart from its retry
 * (decision 0009). Missing or malformed keys get one clear code.
 */
export const zRequiredRequestKey = z
  .string({ error: 'REQUEST_KEY_REQUIRED' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'REQUEST_KEY_REQUIRED' });

export const ZExchangeBonusRequest = z.object({ bonus: zAmount('BONUS_REQUIRED'), requestKey: zRequiredRequestKey });
export const ZExchangeBonusResponse = z.object({ amount: zMoneyText, balance: zMoneyText, bonus: zMoneyText });

/**
 * How far the player is from exchanging their bonus (decision 0009). `required` is the stake the
 * running requirement asks for, `wagered` how much of it is bet (never more than `required`),
 * `remaining` the rest; all zero when nothing is owed.
 */
export const ZBonusWagering = z.object({
  bonus: zMoneyText,
  required: zMoneyText,
  wagered: zMoneyText,
  remaining: zMoneyText,
  isExchangeable: z.boolean(),
});
export type TBonusWagering = z.infer<typeof ZBonusWagering>;
