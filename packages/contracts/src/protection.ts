import { z } from 'zod';
import type { ErrorCode } from '@mayur/rules/errors';
import { zMoneyText } from './fields.ts';
import {
  AUTOPLAY_MAX_ROUNDS,
  EXCLUSION_KINDS,
  PROTECTION_LIMIT_KINDS,
  PROTECTION_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_DURATIONS,
  TIMEOUT_DURATIONS,
} from '@mayur/rules/protection-rules';
import { zAmount } from './wallet.ts';

// Player protection (decision 0022): limits the player sets, time-outs, self-exclusion,
// the reality check, the session result and the monthly activity statement. Every time is ISO 8601
// (UTC); every amount two-decimal text.

const err = (code: ErrorCode) => ({ error: code });

const zLimitKind = z.enum(PROTECTION_LIMIT_KINDS, err('INVALID_FIELD'));
const zPeriod = z.enum(PROTECTION_PERIODS, err('INVALID_FIELD'));

/** A change of a limit that waits: asked for at `requestedAt`, may be confirmed from `confirmableAt`. */
export const ZPendingLimitChange = z.object({
  /** The limit asked for; null asks for the limit to be removed. */
  amount: zMoneyText.nullable(),
  requestedAt: z.string(),
  confirmableAt: z.string(),
});
export type TPendingLimitChange = z.infer<typeof ZPendingLimitChange>;

/** One limit (kind × period) with what its current period has counted. */
export const ZProtectionLimit = z.object({
  kind: zLimitKind,
  period: zPeriod,
  /** The limit in force; null when none is set. */
  amount: zMoneyText.nullable(),
  /** Completed deposits, or net losses (stakes − wins, never below 0.00), in the current period. */
  used: zMoneyText,
  /** When the current period ends and `used` starts again from zero. */
  resetsAt: z.string(),
  /** An increase or removal waiting for its 24 hours and the player's confirmation; null when none. */
  pending: ZPendingLimitChange.nullable(),
});
export type TProtectionLimit = z.infer<typeof ZProtectionLimit>;

/** A running time-out or self-exclusion. */
export const ZExclusion = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  duration: z.enum([...TIMEOUT_DURATIONS, ...SELF_EXCLUSION_DURATIONS]),
  startedAt: z.string(),
  endsAt: z.string(),
});
export type TExclusion = z.infer<typeof ZExclusion>;

/** Everything the Responsible gaming screen and the game screens need to know about the player. */
export const ZProtectionState = z.object({
  /** All six limits, always in the order deposit day/week/month, then loss day/week/month. */
  limits: z.array(ZProtectionLimit),
  /** The time-out or self-exclusion in force; null when the player may play. */
  exclusion: ZExclusion.nullable(),
  /** Minutes between reality checks; 0 is off. */
  realityCheckMinutes: z.literal(REALITY_CHECK_MINUTES),
  /** Whether any loss limit is in force (autoplay needs one). */
  hasLossLimit: z.boolean(),
  /** The most rounds one autoplay may run (AUTOPLAY_MAX_ROUNDS). */
  autoplayMaxRounds: z.literal(AUTOPLAY_MAX_ROUNDS),
  serverTime: z.string(),
});
export type TProtectionState = z.infer<typeof ZProtectionState>;

/**
 * Set a limit. A first limit or a lower one applies at once (and drops a pending change); a higher
 * one waits 24 hours and then the player's confirmation.
 */
export const ZSetLimitRequest = z.object({ kind: zLimitKind, period: zPeriod, amount: zAmount() });
export type TSetLimitRequest = z.input<typeof ZSetLimitRequest>;

/** Ask for a limit's removal (waits 24 hours, then confirmation), confirm a waiting change, or drop it. */
export const ZLimitRequest = z.object({ kind: zLimitKind, period: zPeriod });
export type TLimitRequest = z.input<typeof ZLimitRequest>;

/** Start a time-out (24h, 7d, 30d) or self-exclusion (6m, 1y, 5y); it cannot be ended early. */
export const ZStartExclusionRequest = z.object({
  duration: z.enum([...TIMEOUT_DURATIONS, ...SELF_EXCLUSION_DURATIONS], err('INVALID_FIELD')),
});
export type TStartExclusionRequest = z.input<typeof ZStartExclusionRequest>;

export const ZSetRealityCheckRequest = z.object({
  minutes: z
    .union([z.number(), z.string().trim().max(4)], err('INVALID_FIELD'))
    .transform((value) => Number(value))
    .refine((value) => (REALITY_CHECK_MINUTES as readonly number[]).includes(value), err('INVALID_FIELD')),
});
export type TSetRealityCheckRequest = z.input<typeof ZSetRealityCheckRequest>;

/**
 * The reality check's clock, kept by the server for the log-in session (not the browser tab): when play
 * began (the session's first game screen) and when the player last chose to continue after a check.
 * Reopening the app with the same session reads the same clock; a new log-in starts another.
 */
export const ZPlaySession = z.object({
  startedAt: z.string(),
  /** The start until the player first continues after a check. */
  lastCheckAt: z.string(),
  /** The server's time of this answer: the app counts from it, whatever the device's clock says. */
  serverTime: z.string(),
});
export type TPlaySession = z.infer<typeof ZPlaySession>;

/** The session's result: `since` is when the session's play began (`ZPlaySession.startedAt`, at most 7 days ago). */
export const ZSessionResultRequest = z.object({ since: z.iso.datetime({ offset: true, error: 'DATE_RANGE_INVALID' }) });
export type TSessionResultRequest = z.input<typeof ZSessionResultRequest>;

export const ZSessionResult = z.object({
  since: z.string(),
  serverTime: z.string(),
  /** Stakes of bets placed since `since` (cancelled crash bets are not counted). */
  bets: zMoneyText,
  /** Wins paid since `since`. */
  wins: zMoneyText,
  /** wins − bets: negative when the player is down. */
  netResult: zMoneyText,
});
export type TSessionResult = z.infer<typeof ZSessionResult>;

/** The statement's months: the last `months` Kolkata calendar months, this one included (1–24, default 12). */
export const ZActivityStatementRequest = z.object({
  months: z
    .union([z.number(), z.string().trim().max(3)], err('INVALID_FIELD'))
    .optional()
    .transform((value) => (value === undefined || value === '' ? 12 : Number(value)))
    .refine((value) => Number.isInteger(value) && value >= 1 && value <= 24, err('INVALID_FIELD')),
});
export type TActivityStatementRequest = z.input<typeof ZActivityStatementRequest>;

export const ZActivityMonth = z.object({
  /** `YYYY-MM`, a calendar month in Asia/Kolkata time. */
  month: z.string(),
  deposits: zMoneyText,
  withdrawals: zMoneyText,
  bets: zMoneyText,
  wins: zMoneyText,
  /** wins − bets. */
  netResult: zMoneyText,
});
export type TActivityMonth = z.infer<typeof ZActivityMonth>;

/**
 * The statement newest month first, and the same rows as CSV text (header
 * `month,deposits,withdrawals,bets,wins,net_result`) with a file name: the API answers JSON only, so
 * the app saves `csv` as a file itself.
 */
export const ZActivityStatement = z.object({
  months: z.array(ZActivityMonth),
  csv: z.string(),
  fileName: z.string(),
});
export type TActivityStatement = z.infer<typeof ZActivityStatement>;

/** A help organisation the operator lists; absent fields are not shown. */
export const ZHelpOrganisation = z.object({
  name: z.string().min(1).max(120),
  phone: z.string().max(40).optional(),
  url: z
    .string()
    .max(300)
    .regex(/^https:\/\/[^\s]+$/)
    .optional(),
  email: z.string().max(254).optional(),
  description: z.string().max(500).optional(),
});
export type THelpOrganisation = z.infer<typeof ZHelpOrganisation>;

/** The operator's list; empty when none is configured, and the app then shows its built-in list. */
export const ZHelpOrganisationsResponse = z.object({ organisations: z.array(ZHelpOrganisation) });
export type THelpOrganisationsResponse = z.infer<typeof ZHelpOrganisationsResponse>;

/** The most help organisations the operator may list. */
export const HELP_ORGANISATIONS_MAX = 20;

/**
 * Reads the operator's RG_HELP_ORGANISATIONS setting: a JSON array of organisations (name, and any of
 * phone, https url, email, description). Unset or blank is none; anything else that is not such a list
 * is refused with the reason, so the server stops at start instead of showing a broken list.
 */
export function parseHelpOrganisations(setting: string | undefined): THelpOrganisation[] | string {
  if (setting === undefined || setting.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(setting);
  } catch {
    return 'it is not JSON';
  }
  const parsed = z.array(ZHelpOrganisation.strict()).max(HELP_ORGANISATIONS_MAX).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join('.') || 'the list'}: ${issue.message}`;
  }
  return parsed.data;
}
