import { FINANCE_READERS, adminEndpoint } from './admin-endpoint.ts';
import { isRowId } from '@mayur/rules/field-rules';
import { z } from 'zod';
import { zMoneyText, zPageField } from '../fields.ts';
import { parseMoney } from '@mayur/rules/money';
import { MAX_REQUEST_AMOUNT_PAISE } from '@mayur/rules/field-rules';
import type { AdminEndpointDefinition } from './endpoints.ts';
import type { OperatorRole } from './roles.ts';

// The Players screen beyond the search: a player's page, their ledger transfers,
// and the actions on a player — adjust the balance (maker-checker above the configured amount),
// freeze / unfreeze, log out everywhere, unlock the withdrawal password. Merged into the admin map
// (endpoints.ts); every action is one audit row written in the same transaction as the change.

const invalid = { error: 'INVALID_FIELD' };

/** A player's id as typed or sent (users.id is an integer from 100001). */
export const zPlayerId = z
  .union([z.string().trim().max(12), z.number()], invalid)
  .transform((value) => Number(value))
  .refine((value) => Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647, invalid);

const zReason = z.string(invalid).trim().min(1, invalid).max(500, invalid);

/** A signed amount of rupees as typed ("+250", "-99.50", "1000"): above 0 credits the player, below 0 debits them. */
export const zSignedAmount = z.union([z.string().max(24), z.number()], { error: 'AMOUNT_INVALID' }).transform((value, ctx) => {
  const text = String(value).trim();
  const isDebit = text.startsWith('-');
  const paise = parseMoney(text.replace(/^[+-]/, ''));
  if (paise === null || paise <= 0n || paise > MAX_REQUEST_AMOUNT_PAISE) {
    ctx.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
    return z.NEVER;
  }
  return isDebit ? -paise : paise;
});

export const ZPlayerIdRequest = z.object({ playerId: zPlayerId });
export type TPlayerIdRequest = z.input<typeof ZPlayerIdRequest>;

export const ZPlayerFreezeRequest = z.object({ playerId: zPlayerId, reason: zReason });
export type TPlayerFreezeRequest = z.input<typeof ZPlayerFreezeRequest>;

const ZPlayerLink = z.object({ id: z.number().int(), nickName: z.string() });

export const ZPlayerPage = z.object({
  player: z.object({
    id: z.number().int(),
    nickName: z.string(),
    actualName: z.string().nullable(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    promotionCode: z.string(),
    level: z.number().int(),
    createTime: z.string(),
    isFrozen: z.boolean(),
    frozenTime: z.string().nullable(),
    frozenReason: z.string().nullable(),
    hasWithdrawPassword: z.boolean(),
    /** Wrong withdrawal passwords in the current window; at the limit even the right one is refused. */
    withdrawPasswordFailures: z.number().int(),
    isWithdrawPasswordLocked: z.boolean(),
  }),
  balances: z.object({ cash: zMoneyText, bonus: zMoneyText }),
  team: z.object({
    inviter: ZPlayerLink.nullable(),
    invitedCount: z.number().int(),
    /** The most recent players they invited (at most 20). */
    invited: z.array(ZPlayerLink.extend({ createTime: z.string() })),
  }),
  protection: z.object({
    limits: z.array(z.object({ kind: z.string(), period: z.string(), amount: zMoneyText })),
    exclusion: z.object({ kind: z.string(), duration: z.string(), endsTime: z.string() }).nullable(),
    realityCheckMinutes: z.number().int(),
  }),
  /** The latest 50 sessions (live or not): when, from which address and device. */
  sessions: z.array(
    z.object({
      createTime: z.string(),
      expiresTime: z.string(),
      revokedTime: z.string().nullable(),
      ip: z.string(),
      device: z.string(),
    }),
  ),
  /** Masked destinations, as in the withdrawal queue. */
  payoutAccounts: z.array(
    z.object({ id: z.number().int(), kind: z.string(), destination: z.string(), createTime: z.string(), isDeleted: z.boolean() }),
  ),
  /** The latest 50 recharge orders and 50 withdrawals. */
  deposits: z.array(
    z.object({ orderNo: z.string(), method: z.string(), amount: zMoneyText, status: z.string(), createTime: z.string() }),
  ),
  withdrawals: z.array(
    z.object({
      withdrawNo: z.string(),
      method: z.string(),
      amount: zMoneyText,
      status: z.string(),
      reason: z.string().nullable(),
      createTime: z.string(),
    }),
  ),
  complaints: z.array(z.object({ number: z.string(), type: z.string(), status: z.string(), createTime: z.string() })),
  adjustments: z.array(z.lazy(() => ZAdjustment)),
});
export type TPlayerPage = z.infer<typeof ZPlayerPage>;

/** What a ledger list shows: every transfer, or the stakes and wins of games only. */
export const PLAYER_TRANSFER_KINDS = ['all', 'games', 'payments', 'adjustments'] as const;
export const ZPlayerTransfersRequest = z.object({
  playerId: zPlayerId,
  kind: z.enum(PLAYER_TRANSFER_KINDS, invalid).default('all'),
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(50, 200),
});
export type TPlayerTransfersRequest = z.input<typeof ZPlayerTransfersRequest>;
export const ZPlayerTransfer = z.object({
  id: z.string(),
  createTime: z.string(),
  /** Why the money moved (the ledger's reason code: bet, payout, deposit, adjustment…). */
  reason: z.string(),
  /** cash or bonus: the player's account the transfer touched. */
  account: z.string(),
  /** Signed: positive into the player's account, negative out of it. */
  amount: zMoneyText,
  balanceAfter: zMoneyText,
  /** The other side: a house purpose (room:wingo-1, adjustments…) or the player's other account. */
  counterparty: z.string(),
  reference: z.string().nullable(),
});
export type TPlayerTransfer = z.infer<typeof ZPlayerTransfer>;
export const ZPlayerTransfersResponse = z.object({
  list: z.array(ZPlayerTransfer),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const PLAYER_EXPORT_MAX_ROWS = 10_000;
export const ZPlayerTransfersExportRequest = ZPlayerTransfersRequest.pick({ playerId: true, kind: true });
export const ZCsvExport = z.object({ csv: z.string(), rowCount: z.number().int(), isTruncated: z.boolean() });

export const ZPlayerActionResult = z.object({
  playerId: z.number().int(),
  isFrozen: z.boolean(),
  /** Sessions this action ended (freeze and log out everywhere). */
  sessionsEnded: z.number().int(),
});
export type TPlayerActionResult = z.infer<typeof ZPlayerActionResult>;

export const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;
export const ZAdjustment = z.object({
  id: z.string(),
  playerId: z.number().int(),
  /** Signed: positive credits the player's cash, negative debits it. */
  amount: zMoneyText,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  /** Who asked, as an approver key (`operator:<id>` or `cli:<actor>`): the console hides Approve from them. */
  requestedByKey: z.string(),
  approvals: z.array(z.string()),
  /** The approvers' keys, in the order of `approvals`. */
  approverKeys: z.array(z.string()),
  /** Waits for, or had, a second approver (false only for one posted on its maker's approval alone). */
  needsSecondApproval: z.boolean(),
  decidedBy: z.string().nullable(),
  createTime: z.string(),
  decidedTime: z.string().nullable(),
});
export type TAdjustment = z.infer<typeof ZAdjustment>;

export const ZAdjustmentRequest = z.object({
  playerId: zPlayerId,
  amount: zSignedAmount,
  /** Kept in the audit log and on the request; the player sees only "adjustment". */
  reason: zReason,
});
export type TAdjustmentRequest = z.input<typeof ZAdjustmentRequest>;
const zAdjustmentId = z
  .union([z.string().trim().max(20), z.number()], invalid)
  .transform((value) => String(value))
  .refine(isRowId, invalid);
export const ZAdjustmentIdRequest = z.object({ adjustmentId: zAdjustmentId });
export const ZAdjustmentRejectRequest = z.object({ adjustmentId: zAdjustmentId, reason: zReason });
export const ZAdjustmentListRequest = z.object({
  status: z.enum([...ADJUSTMENT_STATUSES, 'all'], invalid).default('pending'),
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(50, 200),
});
export type TAdjustmentListRequest = z.input<typeof ZAdjustmentListRequest>;
export const ZAdjustmentListResponse = z.object({
  secondApprovalAbove: zMoneyText,
  list: z.array(ZAdjustment),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

const EVERY_ROLE = ['owner', 'finance', 'support', 'risk', 'auditor'] as const satisfies readonly OperatorRole[];
const ADJUSTERS = ['owner', 'finance'] as const satisfies readonly OperatorRole[];
const FREEZERS = ['owner', 'risk'] as const satisfies readonly OperatorRole[];
const SUPPORTERS = ['owner', 'support'] as const satisfies readonly OperatorRole[];

export const playerEndpoints = {
  '/players/page': adminEndpoint({
    request: ZPlayerIdRequest,
    response: ZPlayerPage,
    access: EVERY_ROLE,
    audit: 'read',
    summary:
      'A player’s page: balances, team and inviter, limits and exclusions, sessions and devices, payout accounts (masked), recharges, withdrawals, complaints, adjustments (a read of a player’s data, so audited)',
    tag: 'players',
  }),
  '/players/transfers': adminEndpoint({
    request: ZPlayerTransfersRequest,
    response: ZPlayerTransfersResponse,
    access: EVERY_ROLE,
    audit: 'read',
    summary: 'A player’s ledger transfers, newest first, paged; all, games (stakes and wins), payments or adjustments',
    tag: 'players',
  }),
  '/players/transfersExport': adminEndpoint({
    request: ZPlayerTransfersExportRequest,
    response: ZCsvExport,
    access: EVERY_ROLE,
    audit: 'read',
    summary: 'A player’s ledger transfers as CSV (newest first, at most 10,000 rows)',
    tag: 'players',
  }),
  '/players/freeze': adminEndpoint({
    request: ZPlayerFreezeRequest,
    response: ZPlayerActionResult,
    access: FREEZERS,
    audit: 'change',
    summary: 'Freeze a player: every session ends on every node within a second and they cannot sign in until unfrozen',
    tag: 'players',
  }),
  '/players/unfreeze': adminEndpoint({
    request: ZPlayerIdRequest,
    response: ZPlayerActionResult,
    access: FREEZERS,
    audit: 'change',
    summary: 'Unfreeze a player: they may sign in again',
    tag: 'players',
  }),
  '/players/logoutEverywhere': adminEndpoint({
    request: ZPlayerIdRequest,
    response: ZPlayerActionResult,
    access: SUPPORTERS,
    audit: 'change',
    summary: 'End every session of a player, refused on every node within a second',
    tag: 'players',
  }),
  '/players/unlockWithdrawPassword': adminEndpoint({
    request: ZPlayerIdRequest,
    response: ZPlayerActionResult,
    access: SUPPORTERS,
    audit: 'change',
    summary: 'Clear a player’s wrong withdrawal-password count, so the lock of five wrong tries ends now',
    tag: 'players',
  }),
  '/adjustments/list': adminEndpoint({
    request: ZAdjustmentListRequest,
    response: ZAdjustmentListResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'Balance adjustments by status, newest first, with who asked and who approved',
    tag: 'adjustments',
  }),
  '/adjustments/request': adminEndpoint({
    request: ZAdjustmentRequest,
    response: ZAdjustment,
    access: ADJUSTERS,
    audit: 'change',
    summary:
      'Adjust a player’s cash with a reason, against the house adjustments account; above the configured amount it waits for a second, different operator',
    tag: 'adjustments',
  }),
  '/adjustments/approve': adminEndpoint({
    request: ZAdjustmentIdRequest,
    response: ZAdjustment,
    access: ADJUSTERS,
    audit: 'change',
    summary: 'Approve a waiting adjustment as the second operator (never the one who asked); it is posted once',
    tag: 'adjustments',
  }),
  '/adjustments/reject': adminEndpoint({
    request: ZAdjustmentRejectRequest,
    response: ZAdjustment,
    access: ADJUSTERS,
    audit: 'change',
    summary: 'Reject a waiting adjustment; nothing moves',
    tag: 'adjustments',
  }),
} satisfies Record<string, AdminEndpointDefinition>;
