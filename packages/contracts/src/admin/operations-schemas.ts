import { ROW_ID_PATTERN } from '@mayur/rules/field-rules';
import { z } from 'zod';
import { zMoneyText, zPageField } from '../fields.ts';
import { CONTENT_LOCALES } from '../content.ts';
import { parseMoney } from '@mayur/rules/money';
import { SUPPORT_CHANNEL_KINDS, ZSupportChannel } from '../support.ts';
import { RECHARGE_HELD_REASONS, ZDepositQueueItem } from './schemas.ts';
import { ZAgentProgrammeVersion } from './agent-programme-endpoints.ts';

// Re-exported for the console, which reads the contracts through @mayur/contracts/admin.
export { CONTENT_LOCALES, SUPPORT_CHANNEL_KINDS };
export type { TContentLocale } from '../content.ts';

// Requests and responses of the back office's operations: USDT confirmation and the
// gateway's events of a recharge order, gift codes. The console validates its forms with these.

const invalid = { error: 'INVALID_FIELD' };

const zRechargeNo = z
  .string(invalid)
  .trim()
  .toUpperCase()
  .regex(/^R\d{20}$/, { error: 'ORDER_NOT_FOUND' });

export const ZDepositOrderRequest = z.object({ orderNo: zRechargeNo });
export const ZDepositEvent = z.object({
  provider: z.string(),
  eventId: z.string(),
  /** What applying it did: credited, duplicate, amount_mismatch, … */
  outcome: z.string(),
  /** The event's payload as the provider sent it (JSON text, cut at 4,000 characters). */
  payload: z.string(),
  receivedTime: z.string(),
});
export type TDepositEvent = z.infer<typeof ZDepositEvent>;
export const ZDepositEventsResponse = z.object({ order: ZDepositQueueItem, events: z.array(ZDepositEvent) });
export const ZDepositConfirmation = z.object({
  orderNo: z.string(),
  playerId: z.number().int(),
  amount: zMoneyText,
  usdtAmount: z.string(),
});
export type TDepositConfirmation = z.infer<typeof ZDepositConfirmation>;
/** A held recharge recorded as sent back to the payer: out of the deposit holds, never into the player's cash. */
export const ZDepositReturn = z.object({
  orderNo: z.string(),
  playerId: z.number().int(),
  amount: zMoneyText,
  heldReason: z.enum(RECHARGE_HELD_REASONS),
});
export type TDepositReturn = z.infer<typeof ZDepositReturn>;

/** Gift codes: the same bounds as the CLI's gift:create. */
export const GIFT_MAX_USES = 1_000_000;
export const GIFT_MAX_AMOUNT_PAISE = 10_000_000n;
export const GIFT_TARGETS = ['bonus', 'cash'] as const;
export const GIFT_CODE_FILTERS = ['active', 'pending', 'disabled', 'all'] as const;
/** `pending`: waits for a second approver before anybody can redeem it; `rejected`: the second approver refused it. */
export const GIFT_CODE_STATUSES = ['pending', 'rejected', 'active', 'expired', 'usedUp', 'disabled'] as const;

const zGiftCodeText = z
  .string(invalid)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,32}$/, { error: 'GIFT_NOT_FOUND' });

export const ZGiftCodeCreateRequest = z.object({
  /** Rupees with at most two decimals, above zero, at most ₹1,00,000. */
  amount: z
    .union([z.string(), z.number()], { error: 'AMOUNT_INVALID' })
    .transform((value) => parseMoney(value))
    .refine((paise): paise is bigint => paise !== null && paise > 0n && paise <= GIFT_MAX_AMOUNT_PAISE, {
      error: 'AMOUNT_INVALID',
    })
    .transform((paise) => paise as bigint),
  uses: z.coerce.number(invalid).int(invalid).min(1, invalid).max(GIFT_MAX_USES, invalid),
  target: z.enum(GIFT_TARGETS, invalid).default('bonus'),
  /** An ISO date-time in the future, or empty for no expiry. */
  expiresTime: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.iso.datetime({ offset: true, error: 'INVALID_FIELD' }).optional(),
  ),
});
export type TGiftCodeCreateRequest = z.input<typeof ZGiftCodeCreateRequest>;
export const ZGiftCode = z.object({
  code: z.string(),
  amount: zMoneyText,
  target: z.enum(GIFT_TARGETS),
  maxUses: z.number().int(),
  usedCount: z.number().int(),
  expiresTime: z.string().nullable(),
  status: z.enum(GIFT_CODE_STATUSES),
  createdBy: z.string(),
  /** Who made it, as an approver key (`operator:<id>` or `cli:<actor>`): the console hides Approve from them. */
  makerKey: z.string(),
  /** Who approved it as the second person; null for a code that needed none, or before the approval. */
  approvedBy: z.string().nullable(),
  createTime: z.string(),
  disabledBy: z.string().nullable(),
  disabledTime: z.string().nullable(),
});
export type TGiftCode = z.infer<typeof ZGiftCode>;
export const ZGiftCodeListRequest = z.object({
  status: z.enum(GIFT_CODE_FILTERS, invalid).default('active'),
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(50, 200),
});
export const ZGiftCodeListResponse = z.object({
  list: z.array(ZGiftCode),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export const ZGiftCodeRequest = z.object({ code: zGiftCodeText });
export const ZGiftRedemption = z.object({ playerId: z.number().int(), transferId: z.string(), createTime: z.string() });
export type TGiftRedemption = z.infer<typeof ZGiftRedemption>;
export const GIFT_REDEMPTIONS_LIMIT = 500;
export const ZGiftRedemptionsResponse = z.object({
  gift: ZGiftCode,
  /** Newest first, at most GIFT_REDEMPTIONS_LIMIT. */
  list: z.array(ZGiftRedemption),
});

/** Content: notices (with the notice dialog's links; their messages make the announcement strip) and support contacts, per language. */
/** A content language, or null for every language ('' and '*' in a form). */
export const zLocaleOrEvery = z.preprocess(
  (value) => (value === '' || value === '*' ? null : value),
  z.enum(CONTENT_LOCALES, invalid).nullable(),
);
/** An optional instant with its offset; an empty field is none. */
export const zOptionalInstant = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.iso.datetime({ offset: true, error: 'INVALID_FIELD' }).nullable(),
);
const zLink = z
  .string(invalid)
  .trim()
  .max(500, invalid)
  .refine((value) => value === '' || /^https:\/\/[^\s"'<>]+$/.test(value), invalid);
export const NOTICE_TITLE_MAX_LENGTH = 100;
export const NOTICE_MESSAGE_MAX_LENGTH = 2000;
export const ZNoticeSaveRequest = z
  .object({
    /** Absent: a new notice. */
    id: z.coerce.number(invalid).int(invalid).positive(invalid).optional(),
    /** A locale of the player app, or null (or "*") for every language. */
    locale: zLocaleOrEvery,
    title: z.string(invalid).trim().min(1, invalid).max(NOTICE_TITLE_MAX_LENGTH, invalid),
    message: z.string(invalid).trim().min(1, invalid).max(NOTICE_MESSAGE_MAX_LENGTH, invalid),
    downloadUrl: zLink.default(''),
    mainUrl: zLink.default(''),
    promotionUrl: zLink.default(''),
    isPublished: z.boolean(invalid),
    startsTime: zOptionalInstant.default(null),
    endsTime: zOptionalInstant.default(null),
  })
  .refine((notice) => !notice.startsTime || !notice.endsTime || Date.parse(notice.startsTime) < Date.parse(notice.endsTime), {
    error: 'DATE_RANGE_INVALID',
    path: ['endsTime'],
  });
export type TNoticeSaveRequest = z.input<typeof ZNoticeSaveRequest>;
export const ZAdminNotice = z.object({
  id: z.number().int(),
  locale: z.enum(CONTENT_LOCALES).nullable(),
  title: z.string(),
  message: z.string(),
  downloadUrl: z.string(),
  mainUrl: z.string(),
  promotionUrl: z.string(),
  isPublished: z.boolean(),
  startsTime: z.string().nullable(),
  endsTime: z.string().nullable(),
  /** Published and within its dates now: what players see. */
  isShowing: z.boolean(),
  createTime: z.string(),
  updatedBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type TAdminNotice = z.infer<typeof ZAdminNotice>;
export const ZAdminNoticesResponse = z.object({ list: z.array(ZAdminNotice) });

export const ZSupportContactSaveRequest = z.object({
  locale: zLocaleOrEvery,
  kind: z.enum(SUPPORT_CHANNEL_KINDS, invalid),
  /** As the server's settings take it: @name or a t.me link; +91 number or a wa.me link; an e-mail address. */
  value: z.string(invalid).trim().min(1, invalid).max(200, invalid),
});
export type TSupportContactSaveRequest = z.input<typeof ZSupportContactSaveRequest>;
export const ZSupportContact = z.object({
  id: z.string(),
  locale: z.enum(CONTENT_LOCALES).nullable(),
  kind: z.enum(SUPPORT_CHANNEL_KINDS),
  label: z.string(),
  url: z.string(),
  updatedBy: z.string(),
  updateTime: z.string(),
});
export type TSupportContact = z.infer<typeof ZSupportContact>;
export const ZSupportContactsResponse = z.object({
  list: z.array(ZSupportContact),
  /** What the server's SUPPORT_* settings give, shown to languages without contacts of their own. */
  fromSettings: z.array(ZSupportChannel),
});
export const ZSupportContactIdRequest = z.object({ id: z.string(invalid).regex(ROW_ID_PATTERN, invalid) });

/** Risk flags: players who share an address, a device (address and browser) or a payout account, and invite-bonus chains. */
export const RISK_FLAG_LIMIT = 100;
export const ZRiskFlagsRequest = z.object({
  /** How far back to look, in days (sessions opened, accounts registered, bonuses paid). */
  days: z.coerce.number(invalid).int(invalid).min(1, invalid).max(90, invalid).default(30),
});
export const ZRiskGroup = z.object({
  /** What they share: an address, an address with a browser, or a payout destination (masked). */
  shared: z.string(),
  playerIds: z.array(z.number().int()),
});
export type TRiskGroup = z.infer<typeof ZRiskGroup>;
export const ZInviteChain = z.object({
  inviterId: z.number().int(),
  /** Invitees whose invite bonus was paid in the period and who registered in it. */
  inviteeIds: z.array(z.number().int()),
  /** Of those, the ones who signed in from an address the inviter also used. */
  sharingAddressIds: z.array(z.number().int()),
  bonusTotal: zMoneyText,
});
export type TInviteChain = z.infer<typeof ZInviteChain>;
/**
 * "Unusual wins" (decision 0023, "Risk flags"): a player is listed when, over the period, their game
 * wins came to at least UNUSUAL_NET_WIN_RUPEES more than their stakes, or to at least
 * UNUSUAL_RETURN_PERCENT % of stakes of at least UNUSUAL_RETURN_MIN_STAKES_RUPEES (the games return
 * 90–99 %), or one win was at least UNUSUAL_SINGLE_WIN_MULTIPLE times their average stake and at least
 * UNUSUAL_SINGLE_WIN_MIN_RUPEES. Each row gives the figures and the rules it met.
 */
export const UNUSUAL_NET_WIN_RUPEES = 50_000;
export const UNUSUAL_RETURN_PERCENT = 300;
export const UNUSUAL_RETURN_MIN_STAKES_RUPEES = 1_000;
export const UNUSUAL_SINGLE_WIN_MULTIPLE = 100;
export const UNUSUAL_SINGLE_WIN_MIN_RUPEES = 10_000;
export const UNUSUAL_WIN_REASONS = ['netWin', 'highReturn', 'bigSingleWin'] as const;
export const ZUnusualWin = z.object({
  playerId: z.number().int(),
  /** Stakes and fees less refunds, in the games. */
  stakes: zMoneyText,
  wins: zMoneyText,
  /** Wins − stakes. */
  netWin: zMoneyText,
  /** Wins as a percentage of stakes, two decimals; null without stakes. */
  returnPercent: z.string().nullable(),
  bets: z.number().int(),
  largestWin: zMoneyText,
  /** The average stake of a bet in the period. */
  averageStake: zMoneyText,
  reasons: z.array(z.enum(UNUSUAL_WIN_REASONS)),
});
export type TUnusualWin = z.infer<typeof ZUnusualWin>;
export const ZRiskFlagsResponse = z.object({
  days: z.number().int(),
  sharedAddresses: z.array(ZRiskGroup),
  sharedDevices: z.array(ZRiskGroup),
  sharedPayoutAccounts: z.array(ZRiskGroup),
  inviteChains: z.array(ZInviteChain),
  unusualWins: z.array(ZUnusualWin),
});

/** The agent programme as the server runs it: levels with their thresholds and rates, the invite bonus, the daily commission runs. */
export const AGENT_COMMISSION_RUNS_LIMIT = 60;
export const ZAgentLevel = z.object({
  level: z.number().int(),
  /** What the team must reach (L0 asks nothing): members now, recharges and valid bets over the window. */
  minTeamSize: z.number().int(),
  minTeamDeposits: zMoneyText,
  minTeamBets: zMoneyText,
  /** Commission per depth 1–6, in basis points of the member's valid bets (100 bp = 1 %). */
  ratesBp: z.array(z.number().int()),
});
export type TAgentLevel = z.infer<typeof ZAgentLevel>;
export const ZCommissionRun = z.object({
  day: z.string(),
  paidTime: z.string(),
  agents: z.number().int(),
  lines: z.number().int(),
  total: zMoneyText,
});
export type TCommissionRun = z.infer<typeof ZCommissionRun>;
export const ZAgentProgrammeResponse = z.object({
  levels: z.array(ZAgentLevel),
  levelWindowDays: z.number().int(),
  inviteBonus: z.object({ amount: zMoneyText, threshold: zMoneyText }),
  /** Newest first, at most AGENT_COMMISSION_RUNS_LIMIT days. */
  commissionRuns: z.array(ZCommissionRun),
  /** Today's business day (India time), the day the settings above are in effect on. */
  today: z.string(),
  /** When the settings in effect today began (null: the server's settings, never changed in the console). */
  effectiveFrom: z.string().nullable(),
  /** The business day a change saved now takes effect from (tomorrow). */
  changeFrom: z.string(),
  /** A change already saved for a later day, if any. */
  scheduled: ZAgentProgrammeVersion.nullable(),
  /** Every version, newest first (at most AGENT_PROGRAMME_HISTORY_LIMIT); the server's settings last. */
  history: z.array(ZAgentProgrammeVersion),
  /** What one owner may save alone; a change beyond it waits for a second owner (contracts' needsSecondOwner). */
  singleOwnerBounds: z.object({ maxRateSumBp: z.number().int(), maxInviteBonusRupees: z.number().int() }),
});
