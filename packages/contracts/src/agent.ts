import { z } from 'zod';
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
