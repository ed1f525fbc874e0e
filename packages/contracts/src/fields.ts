import { FORMATTED_MONEY_PATTERN } from '@mayur/rules/money';
import { z } from 'zod';
import type { ErrorCode } from '@mayur/rules/errors';
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

// Bodies arrive form-encoded (every value a string) or as JSON, so field schemas accept both shapes
// and normalise them. Each rule carries its stable error code as the zod message; the server turns
// the first failing rule into `{res:0, code, resMsg}`.

const err = (code: ErrorCode) => ({ error: code });

// Control characters (NUL above all, which PostgreSQL text cannot hold) never belong in a stored name.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A required trimmed string: missing or blank gives `requiredCode`, too long or with control characters `invalidCode`. */
export function requiredText(requiredCode: ErrorCode, invalidCode: ErrorCode, maxLength: number) {
  return z
    .string(err(requiredCode))
    .trim()
    .min(1, err(requiredCode))
    .max(maxLength, err(invalidCode))
    .refine((value) => !CONTROL_CHARACTERS.test(value), err(invalidCode));
}

/** An Indian mobile number; "+91 98765 43210", "09876543210" and "9876543210" all become "9876543210". */
export const zMobile = z
  .string(err('MOBILE_REQUIRED'))
  .trim()
  .min(1, err('MOBILE_REQUIRED'))
  .max(MOBILE_MAX_INPUT_LENGTH, err('MOBILE_INVALID'))
  .transform(normaliseMobile)
  .refine((value) => MOBILE_PATTERN.test(value), err('MOBILE_INVALID'));

export const zEmail = z
  .string(err('EMAIL_REQUIRED'))
  .trim()
  .min(1, err('EMAIL_REQUIRED'))
  .max(EMAIL_MAX_LENGTH, err('EMAIL_INVALID'))
  .toLowerCase()
  .pipe(z.email(err('EMAIL_INVALID')));

export const zPassword = z
  .string(err('PASSWORD_REQUIRED'))
  .min(1, err('PASSWORD_REQUIRED'))
  .min(PASSWORD_MIN_LENGTH, err('PASSWORD_INVALID'))
  .max(PASSWORD_MAX_LENGTH, err('PASSWORD_INVALID'));

/** A password typed at login: any non-empty text within bounds (old rules may have allowed shorter ones). */
export const zLoginPassword = z
  .string(err('PASSWORD_REQUIRED'))
  .min(1, err('PASSWORD_REQUIRED'))
  .max(PASSWORD_MAX_LENGTH, err('PASSWORD_INVALID'));

export const zWithdrawPassword = z
  .string(err('WITHDRAW_PASSWORD_REQUIRED'))
  .min(1, err('WITHDRAW_PASSWORD_REQUIRED'))
  .min(WITHDRAW_PASSWORD_MIN_LENGTH, err('WITHDRAW_PASSWORD_INVALID'))
  .max(WITHDRAW_PASSWORD_MAX_LENGTH, err('WITHDRAW_PASSWORD_INVALID'));

export const zCode = z.string(err('CODE_REQUIRED')).trim().min(1, err('CODE_REQUIRED')).regex(CODE_PATTERN, err('CODE_INVALID'));

export const zNickName = requiredText('NICKNAME_REQUIRED', 'NICKNAME_INVALID', NICKNAME_MAX_LENGTH);

/** The recommendation (invitation) code; optional here, the server decides whether it is required. */
export const zInvitationCode = z
  .string(err('RECOMMENDATION_CODE_INVALID'))
  .trim()
  .regex(/^([A-Za-z0-9]{4,32})?$/, err('RECOMMENDATION_CODE_INVALID'))
  .optional()
  .transform((value) => (value ? value.toUpperCase() : undefined));

/** A checkbox: JSON true, or form "true" / "1" / "on". Anything else, or missing, is false. */
export const zCheckbox = z
  .union([z.boolean(), z.string().max(8), z.number()])
  .optional()
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1' || value === 'on');

/** A page number or size: integer text or number within bounds. */
export function zPageField(defaultValue: number, max: number) {
  return z
    .union([z.number(), z.string().max(12)], err('INVALID_FIELD'))
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return defaultValue;
      const parsed = typeof value === 'number' ? value : Number(value);
      if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > max) {
        ctx.addIssue({ code: 'custom', message: 'INVALID_FIELD' });
        return z.NEVER;
      }
      return parsed;
    });
}

export const zPaging = z.object({ pageNum: zPageField(1, 100_000), pageSize: zPageField(20, 100) });

export function zList<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Money on the wire: a two-decimal string. */
export const zMoneyText = z.string().regex(FORMATTED_MONEY_PATTERN);
