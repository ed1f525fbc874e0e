import { z } from 'zod';
import {
  AGENT_RANGE_MAX_DAYS,
  AGENT_TEAM_MAX_DEPTH,
  daysInRange,
  isCalendarDay,
  isRegistrationRangeValid,
} from '@mayur/rules/agent-periods';
import { zList, zMoneyText, zPaging } from './fields.ts';

/**
 * The player's own agent card (`/user/findPromote`, spec §7): how to invite, how big the team is and
 * what the programme has paid them. Money is in wire strings; commission figures come from real
 * ledger transfers of reason `commission` to this player (0.00 until the daily job has paid any).
 */
export const ZFindPromoteResponse = z.object({
  promotionCode: z.string(),
  /** Relative path of the registration screen with the code pre-filled: `/reg?code=<code>`. */
  invitePath: z.string(),
  /** The same link made absolute with the server's public base URL. */
  inviteLink: z.string(),
  /** SVG markup of a QR code of `inviteLink`. */
  inviteQrSvg: z.string(),
  /** The agent level (L0 and up). */
  level: z.number().int().nonnegative(),
  /** Depth-1 subordinates. */
  directCount: z.number().int().nonnegative(),
  /** Everyone at depths 1–6. */
  teamCount: z.number().int().nonnegative(),
  /** Team members (depths 1–6) who registered today, Asia/Kolkata day. */
  newToday: z.number().int().nonnegative(),
  /** Invite bonuses this player has received, and how many. */
  inviteBonusTotal: zMoneyText,
  inviteBonusCount: z.number().int().nonnegative(),
  /** The operator's settings: the bonus paid per subordinate, and the recharge total that triggers it. */
  inviteBonusAmount: zMoneyText,
  inviteBonusThreshold: zMoneyText,
  commissionToday: zMoneyText,
  commissionYesterday: zMoneyText,
  commissionTotal: zMoneyText,
});
export type TFindPromoteResponse = z.infer<typeof ZFindPromoteResponse>;

/** `/agent/commissionHistory`: the session player's own daily commission, newest day first. */
export const ZCommissionHistoryRequest = zPaging;
export type TCommissionHistoryRequest = z.infer<typeof ZCommissionHistoryRequest>;

/** One depth of one day's commission: how many members earned, their valid bets, the rate and the amount. */
export const ZCommissionDepthLine = z.object({
  depth: z.number().int().min(1).max(6),
  members: z.number().int().nonnegative(),
  bets: zMoneyText,
  /** Basis points: 60 = 0.60 %. */
  rateBp: z.number().int().nonnegative(),
  amount: zMoneyText,
});
export type TCommissionDepthLine = z.infer<typeof ZCommissionDepthLine>;

export const ZCommissionDay = z.object({
  /** The Kolkata day whose bets were paid on, `YYYY-MM-DD`. */
  day: z.string(),
  /** The day's one commission transfer; equals the sum of the lines' amounts. */
  amount: zMoneyText,
  lines: z.array(ZCommissionDepthLine),
});
export type TCommissionDay = z.infer<typeof ZCommissionDay>;

export const ZCommissionHistoryResponse = zList(ZCommissionDay);
export type TCommissionHistoryResponse = z.infer<typeof ZCommissionHistoryResponse>;

// ---------------------------------------------------------------------------------------------------
// Agent statistics, subordinates and rules (spec §3, §7). Days are Asia/Kolkata calendar days.

const zDay = z.string({ error: 'DATE_RANGE_INVALID' }).trim().refine(isCalendarDay, { error: 'DATE_RANGE_INVALID' });

/** A period of Kolkata days, both ends included; at most AGENT_RANGE_MAX_DAYS. The server also refuses a `to` after today. */
export const ZAgentRange = z
  .object({ from: zDay, to: zDay })
  .refine(({ from, to }) => from <= to && daysInRange(from, to) <= AGENT_RANGE_MAX_DAYS, {
    error: 'DATE_RANGE_INVALID',
  });
export type TAgentRange = z.infer<typeof ZAgentRange>;

/** `/starAgent/findAllInfo`: the statistics of the session player's own team for a period. */
export const ZFindAllInfoRequest = ZAgentRange;
export type TFindAllInfoRequest = z.infer<typeof ZFindAllInfoRequest>;

/**
 * The spec's agent statistics for one scope (direct subordinates, or the whole team at depths 1–6)
 * over the period. Money is in wire strings.
 */
export const ZAgentFigures = z.object({
  /** Members in the scope now. */
  usersNumber: z.number().int().nonnegative(),
  /** Members who placed a bet, averaged over the period's days (rounded down); one day's exact count for one day. */
  dailyActiveNumber: z.number().int().nonnegative(),
  /** Members who registered in the period. */
  registerNumber: z.number().int().nonnegative(),
  /** Completed recharges (real deposits only: no gifts, bonuses or adjustments) and their count. */
  rechargeAmount: zMoneyText,
  rechargeNumber: z.number().int().nonnegative(),
  /** Members whose first ever recharge fell in the period. */
  firstRechargeNumber: z.number().int().nonnegative(),
  /** Withdrawals paid out in the period and their count. */
  withdrawalAmount: zMoneyText,
  withdrawalNumber: z.number().int().nonnegative(),
  /** Valid bets (deliveries): stakes and fees that left the members' cash and did not come back; commission is paid on these. */
  changeDelivery: zMoneyText,
  /** Bets placed. */
  deliveriesNumber: z.number().int().nonnegative(),
  /** The members' cash balances now (refreshed with the statistics). */
  teamBalance: zMoneyText,
  /** Stakes placed, fees included. */
  teamBetAmount: zMoneyText,
  /** The fees taken on the members' bets. */
  teamRefundFee: zMoneyText,
});
export type TAgentFigures = z.infer<typeof ZAgentFigures>;

/** One day of the team (depths 1–6) for the report's chart. */
export const ZAgentDay = z.object({
  day: z.string(),
  rechargeAmount: zMoneyText,
  teamBetAmount: zMoneyText,
});
export type TAgentDay = z.infer<typeof ZAgentDay>;

export const ZFindAllInfoResponse = z.object({
  from: z.string(),
  to: z.string(),
  direct: ZAgentFigures,
  team: ZAgentFigures,
  /** Every day of the period, oldest first, zero where nothing happened. */
  days: z.array(ZAgentDay),
  /** When the figures were last refreshed (ISO time); null before the first refresh. Today's figures trail by at most the refresh interval. */
  refreshedAt: z.string().nullable(),
  refreshIntervalSeconds: z.number().int().positive(),
});
export type TFindAllInfoResponse = z.infer<typeof ZFindAllInfoResponse>;

const zDepth = z
  .union([z.number(), z.string().max(2)], { error: 'INVALID_FIELD' })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    const depth = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(depth) || depth < 1 || depth > AGENT_TEAM_MAX_DEPTH) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_FIELD' });
      return z.NEVER;
    }
    return depth;
  });

/**
 * `/starAgent/findDownByPage`: the session player's own subordinates, newest registration first.
 * `search` is a member ID (digits); `from`/`to` bound the registration day (both or neither);
 * `cursor` is the previous page's `nextCursor` and, when given, wins over `pageNum`.
 */
export const ZFindDownByPageRequest = zPaging
  .extend({
    depth: zDepth,
    search: z
      .string({ error: 'INVALID_FIELD' })
      .trim()
      .regex(/^\d{0,12}$/, { error: 'INVALID_FIELD' })
      .optional()
      .transform((value) => (value ? Number(value) : undefined)),
    from: zDay.optional(),
    to: zDay.optional(),
    cursor: z
      .string({ error: 'INVALID_FIELD' })
      .max(64, { error: 'INVALID_FIELD' })
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  })
  .refine(({ from, to }) => isRegistrationRangeValid(from, to), { error: 'DATE_RANGE_INVALID' });
export type TFindDownByPageRequest = z.infer<typeof ZFindDownByPageRequest>;

export const ZSubordinate = z.object({
  userId: z.number().int().positive(),
  /** Mobile or e-mail, masked: "98••••3210", "pl••••@gmail.com". */
  account: z.string(),
  depth: z.number().int().min(1).max(AGENT_TEAM_MAX_DEPTH),
  /** ISO time of registration. */
  registeredAt: z.string(),
  /** The member's own team size (their depths 1–6). */
  totalPeople: z.number().int().nonnegative(),
  /** All the commission this member's bets have earned the session player. */
  contribution: zMoneyText,
});
export type TSubordinate = z.infer<typeof ZSubordinate>;

export const ZFindDownByPageResponse = zList(ZSubordinate).extend({
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TFindDownByPageResponse = z.infer<typeof ZFindDownByPageResponse>;

/** One agent level as the operator configured it: reached when the team meets every threshold. */
export const ZAgentLevelRule = z.object({
  level: z.number().int().nonnegative(),
  /** Team members now (depths 1–6). */
  minTeamSize: z.number().int().nonnegative(),
  /** The team's completed recharges over the last AGENT_LEVEL_WINDOW_DAYS days. */
  minTeamDeposits: zMoneyText,
  /** The team's valid bets over the same days. */
  minTeamBets: zMoneyText,
  /** Commission rates by depth 1–6, basis points (60 = 0.60 %). */
  ratesBp: z.array(z.number().int().nonnegative()).length(AGENT_TEAM_MAX_DEPTH),
});
export type TAgentLevelRule = z.infer<typeof ZAgentLevelRule>;

/** `/agent/rules`: the programme's rules as configured, for the rules screen. */
export const ZAgentRulesResponse = z.object({
  levels: z.array(ZAgentLevelRule),
  levelWindowDays: z.number().int().positive(),
  inviteBonusAmount: zMoneyText,
  inviteBonusThreshold: zMoneyText,
  /** Commission for a day is paid from this local time the next day ("01:00"), in `timeZone`. */
  payTime: z.string(),
  timeZone: z.string(),
  maxDepth: z.number().int().positive(),
});
export type TAgentRulesResponse = z.infer<typeof ZAgentRulesResponse>;
