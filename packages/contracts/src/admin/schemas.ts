import { isRowId } from '@mayur/rules/field-rules';
import { z } from 'zod';
import { RECHARGE_HELD_REASONS } from '../cash.ts';
import { COMPLAINT_REFERENCE_KINDS, COMPLAINT_STATUSES, COMPLAINT_TYPES, SCREENSHOT_TYPES } from '@mayur/rules/complaint-rules';
import { ZComplaintAttachment } from '../complaints.ts';
import { zEmail, zMoneyText, zPageField } from '../fields.ts';
import { OPERATOR_PASSWORD_MAX_LENGTH, OPERATOR_PASSWORD_MIN_LENGTH, OPERATOR_ROLES } from './roles.ts';

// Requests and responses of the back office API (/admin-api). The console validates its forms with
// these same schemas, so a form and the server never disagree.

const invalid = { error: 'INVALID_FIELD' };

export const zOperatorLogin = z
  .string(invalid)
  .trim()
  .toLowerCase()
  .min(3, invalid)
  .max(100, invalid)
  .regex(/^[a-z0-9][a-z0-9._@+-]*$/, invalid);
export const zOperatorPassword = z
  .string({ error: 'OPERATOR_PASSWORD_INVALID' })
  .min(OPERATOR_PASSWORD_MIN_LENGTH, { error: 'OPERATOR_PASSWORD_INVALID' })
  .max(OPERATOR_PASSWORD_MAX_LENGTH, { error: 'OPERATOR_PASSWORD_INVALID' });
/** Six digits from the authenticator app; spaces people type are dropped. */
export const zTotpCode = z
  .string({ error: 'TOTP_INVALID' })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => /^\d{6}$/.test(value), { error: 'TOTP_INVALID' });
/** A recovery code as printed ("ABCDE-FGHJK"); case, spaces and the dash are forgiven. */
export const zRecoveryCode = z
  .string({ error: 'TOTP_INVALID' })
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .refine((value) => /^[A-Z2-7]{10}$/.test(value), { error: 'TOTP_INVALID' });
const zDatabaseId = z
  .union([z.string().trim().max(20), z.number()], invalid)
  .transform((value) => String(value))
  .refine(isRowId, invalid);

export const ZOperator = z.object({
  id: z.string(),
  name: z.string(),
  login: z.string(),
  role: z.enum(OPERATOR_ROLES),
  isDisabled: z.boolean(),
  isTotpEnrolled: z.boolean(),
  createTime: z.string(),
  lastSignInTime: z.string().nullable(),
});
export type TOperator = z.infer<typeof ZOperator>;

export const ZAdminEmpty = z.object({});
export const ZAdminNull = z.null();

export const ZSignInRequest = z.object({
  login: zOperatorLogin,
  password: z.string(invalid).min(1, invalid).max(OPERATOR_PASSWORD_MAX_LENGTH, invalid),
  code: z.preprocess((value) => (value === '' ? undefined : value), zTotpCode.optional()),
  recoveryCode: z.preprocess((value) => (value === '' ? undefined : value), zRecoveryCode.optional()),
});
export type TSignInRequest = z.input<typeof ZSignInRequest>;

export const ZOperatorSession = z.object({ token: z.string(), expiresAtMs: z.number().int(), operator: ZOperator });
export type TOperatorSession = z.infer<typeof ZOperatorSession>;

export const ZEnrolment = z.object({
  /** Proves the password was right; short-lived, single use, only good for confirming this enrolment. */
  enrolmentToken: z.string(),
  otpauthUri: z.string().startsWith('otpauth://totp/'),
  /** The otpauth URI as an SVG QR code, to scan with an authenticator app. */
  qrSvg: z.string().startsWith('<svg'),
  /** Shown once: stored hashed, each good for one sign-in without the app. */
  recoveryCodes: z.array(z.string()),
});
export type TEnrolment = z.infer<typeof ZEnrolment>;

export const ZSignInResponse = z.discriminatedUnion('status', [
  ZOperatorSession.extend({ status: z.literal('signedIn') }),
  ZEnrolment.extend({ status: z.literal('enrolmentRequired') }),
]);
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZConfirmEnrolmentRequest = z.object({
  enrolmentToken: z.string(invalid).min(1, invalid).max(200, invalid),
  code: zTotpCode,
  /** The operator's own password, replacing the one-time password the account was created with. */
  newPassword: zOperatorPassword,
});
export type TConfirmEnrolmentRequest = z.input<typeof ZConfirmEnrolmentRequest>;

export const ZChangeOwnPasswordRequest = z.object({
  currentPassword: z.string(invalid).min(1, invalid).max(OPERATOR_PASSWORD_MAX_LENGTH, invalid),
  /** The authenticator's current code: a stolen session alone cannot change the password. */
  code: zTotpCode,
  newPassword: zOperatorPassword,
});
export type TChangeOwnPasswordRequest = z.input<typeof ZChangeOwnPasswordRequest>;

export const ZMeResponse = z.object({ operator: ZOperator, expiresAtMs: z.number().int() });

export const ZOperatorsResponse = z.object({ list: z.array(ZOperator) });
/** The operator's own address, where their one-time password goes (never to the owner who made them). */
export const zOperatorEmail = zEmail;
export const ZNewOperatorFields = z.object({
  name: z.string(invalid).trim().min(1, invalid).max(60, invalid),
  login: zOperatorLogin,
  role: z.enum(OPERATOR_ROLES, invalid),
  email: zOperatorEmail,
});
/** Creating, resetting and disabling an operator each ask the owner for a fresh code from their authenticator. */
export const ZCreateOperatorRequest = ZNewOperatorFields.extend({ code: zTotpCode });
export type TCreateOperatorRequest = z.input<typeof ZCreateOperatorRequest>;
export const ZCreateOperatorResponse = z.object({
  operator: ZOperator,
  /** Where the one-time password was sent, masked ("pr••••@example.com"); the owner never sees the password. */
  passwordSentTo: z.string(),
});
export const ZOperatorIdRequest = z.object({ operatorId: zDatabaseId });
export const ZOperatorChangeRequest = z.object({ operatorId: zDatabaseId, code: zTotpCode });

export const OWNER_REQUEST_KINDS = ['operator-reset', 'operator-disable', 'agent-programme'] as const;
export const OWNER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** A change one owner asked for that a second, different owner approves (or rejects). */
export const ZOwnerRequest = z.object({
  id: z.string(),
  kind: z.enum(OWNER_REQUEST_KINDS),
  /** The operator it is about (reset, disable); null for the agent programme. */
  subject: ZOperator.nullable(),
  /** The change asked for, as the console shows it (the agent programme's settings). */
  payload: z.record(z.string(), z.unknown()),
  requestedBy: z.string(),
  requestedById: z.string(),
  requestTime: z.string(),
  status: z.enum(OWNER_REQUEST_STATUSES),
  decidedBy: z.string().nullable(),
  decidedTime: z.string().nullable(),
});
export type TOwnerRequest = z.infer<typeof ZOwnerRequest>;
export const ZOwnerRequestList = z.object({ list: z.array(ZOwnerRequest) });
export const ZOwnerRequestDecision = z.object({ requestId: zDatabaseId, code: zTotpCode });
/**
 * What resetting or disabling answers: the change made (`operator`, with where a reset's one-time
 * password was sent), or, for another owner, the request a second owner must approve.
 */
export const ZOperatorChangeResponse = z.object({
  operator: ZOperator.nullable(),
  passwordSentTo: z.string().nullable(),
  ownerRequest: ZOwnerRequest.nullable(),
});
export type TOperatorChangeResponse = z.infer<typeof ZOperatorChangeResponse>;

export const ZAuditListRequest = z.object({
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(50, 200),
  operatorId: z.preprocess((value) => (value === '' ? undefined : value), zDatabaseId.optional()),
  action: z.preprocess((value) => (value === '' ? undefined : value), z.string(invalid).trim().max(100, invalid).optional()),
});
export type TAuditListRequest = z.input<typeof ZAuditListRequest>;
export const ZAuditEntry = z.object({
  id: z.string(),
  createTime: z.string(),
  actor: z.string(),
  operatorId: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  ip: z.string().nullable(),
  details: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditListResponse = z.object({
  list: z.array(ZAuditEntry),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const AUDIT_EXPORT_MAX_ROWS = 10_000;
export const ZAuditExportRequest = ZAuditListRequest.pick({ operatorId: true, action: true });
export const ZAuditExportResponse = z.object({
  /** RFC 4180 CSV, newest first; cells that a spreadsheet would run as a formula are prefixed with '. */
  csv: z.string(),
  rowCount: z.number().int(),
  /** More rows matched than AUDIT_EXPORT_MAX_ROWS: narrow the filter. */
  isTruncated: z.boolean(),
});

export const ADMIN_COMPLAINT_FILTERS = ['waiting', ...COMPLAINT_STATUSES, 'all'] as const;
export const ADMIN_COMPLAINT_ASSIGNEE_FILTERS = ['anyone', 'me', 'nobody'] as const;
export const ZAdminComplaintsRequest = z.object({
  status: z.enum(ADMIN_COMPLAINT_FILTERS, invalid).default('waiting'),
  assignee: z.enum(ADMIN_COMPLAINT_ASSIGNEE_FILTERS, invalid).default('anyone'),
});
export const ZAdminComplaintSummary = z.object({
  id: z.string(),
  number: z.string(),
  playerId: z.number().int(),
  type: z.enum(COMPLAINT_TYPES),
  status: z.enum(COMPLAINT_STATUSES),
  reference: z.object({ kind: z.enum(COMPLAINT_REFERENCE_KINDS), id: z.string() }).nullable(),
  messageCount: z.number().int(),
  attachmentCount: z.number().int(),
  /** The operator handling it, or null. */
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TAdminComplaintSummary = z.infer<typeof ZAdminComplaintSummary>;
export const ZAdminComplaintsResponse = z.object({ list: z.array(ZAdminComplaintSummary), isTruncated: z.boolean() });

const zComplaintReference = z.string(invalid).trim().min(1, invalid).max(30, invalid);
export const ZAdminComplaintRequest = z.object({ complaint: zComplaintReference });
export const ZAdminComplaintThread = ZAdminComplaintSummary.omit({ messageCount: true, attachmentCount: true }).extend({
  messages: z.array(
    z.object({
      id: z.string(),
      author: z.enum(['player', 'operator']),
      operatorName: z.string().nullable(),
      text: z.string(),
      createTime: z.string(),
      attachments: z.array(ZComplaintAttachment),
    }),
  ),
});
export type TAdminComplaintThread = z.infer<typeof ZAdminComplaintThread>;
export const zOperatorComplaintText = z.string(invalid).trim().min(1, { error: 'COMPLAINT_TEXT_REQUIRED' }).max(4000, {
  error: 'COMPLAINT_TEXT_INVALID',
});
export const ZAdminComplaintReplyRequest = z.object({ complaint: zComplaintReference, text: zOperatorComplaintText });
export type TAdminComplaintReplyRequest = z.input<typeof ZAdminComplaintReplyRequest>;
export const ZAdminComplaintCloseRequest = z.object({
  complaint: zComplaintReference,
  text: z.preprocess((value) => (value === '' ? undefined : value), zOperatorComplaintText.optional()),
});
export const ZAdminScreenshotRequest = z.object({ screenshotId: zDatabaseId });
export const ZAdminScreenshot = z.object({
  /** The type checked from the bytes when the player filed it, never a type the browser guesses. */
  type: z.enum(SCREENSHOT_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
  dataBase64: z.string(),
});
export const ZAdminComplaintChange = z.object({
  number: z.string(),
  playerId: z.number().int(),
  status: z.enum(COMPLAINT_STATUSES),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export const ZAdminComplaintAssignRequest = z.object({
  complaint: zComplaintReference,
  /** An owner or support operator; empty or absent unassigns. */
  operatorId: z.preprocess((value) => (value === '' || value === null ? undefined : value), zDatabaseId.optional()),
});

export const WITHDRAWAL_QUEUE_FILTERS = ['WAIT', 'SUCCESS', 'FAIL', 'ALL'] as const;
export const ZWithdrawalQueueRequest = z.object({
  status: z.enum(WITHDRAWAL_QUEUE_FILTERS, invalid).default('WAIT'),
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(50, 200),
});
export const ZWithdrawalQueueItem = z.object({
  withdrawNo: z.string(),
  playerId: z.number().int(),
  amount: zMoneyText,
  method: z.enum(['bank', 'upi', 'usdt']),
  /** The destination with the account masked but for its last four characters. */
  destination: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  /** Operators who approved it so far (above the second-approval amount it needs two). */
  approvals: z.array(z.string()),
  /** The approvers' keys (`operator:<id>`, `cli:<actor>`), in the order of `approvals`: the console hides Approve from them. */
  approverKeys: z.array(z.string()),
  needsSecondApproval: z.boolean(),
  createTime: z.string(),
});
export type TWithdrawalQueueItem = z.infer<typeof ZWithdrawalQueueItem>;
export const ZWithdrawalQueueResponse = z.object({
  /** Withdrawals above this amount need two different operators' approval. */
  secondApprovalAbove: zMoneyText,
  list: z.array(ZWithdrawalQueueItem),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

const zWithdrawNo = z
  .string(invalid)
  .trim()
  .toUpperCase()
  .regex(/^W\d{20}$/, { error: 'ORDER_NOT_FOUND' });
export const ZWithdrawalApproveRequest = z.object({ withdrawNo: zWithdrawNo });
export const ZWithdrawalRejectRequest = z.object({
  withdrawNo: zWithdrawNo,
  /** The player reads it. */
  reason: z.string(invalid).trim().min(1, invalid).max(300, invalid),
});
export const ZWithdrawalDecision = z.object({
  withdrawNo: z.string(),
  /** awaitingSecondApproval: this approval counted, another operator must approve too. */
  status: z.enum(['awaitingSecondApproval', 'paid', 'paying', 'failed', 'rejected']),
  approvals: z.number().int(),
  detail: z.string(),
});
export type TWithdrawalDecision = z.infer<typeof ZWithdrawalDecision>;

export const PLAYER_SEARCH_LIMIT = 20;
export const ZPlayerSearchRequest = z.object({
  /** A player id, a mobile number, an e-mail address or a promotion code. */
  query: z.string(invalid).trim().min(1, invalid).max(100, invalid),
});
export type TPlayerSearchRequest = z.input<typeof ZPlayerSearchRequest>;
export const ZPlayerSummary = z.object({
  id: z.number().int(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  nickName: z.string(),
  promotionCode: z.string(),
  cash: zMoneyText,
  bonus: zMoneyText,
  createTime: z.string(),
});
export type TPlayerSummary = z.infer<typeof ZPlayerSummary>;
export const ZPlayerSearchResponse = z.object({ list: z.array(ZPlayerSummary) });

// Re-exported for the console, which names each reason a recharge was held for.
export { RECHARGE_HELD_REASONS };
export type { TRechargeHeldReason } from '../cash.ts';

/**
 * WAIT, COMPLETED and FAIL are the order's status; HELD is the failed orders that were paid when they
 * could not be credited (decision 0022, "Late credits") and are not returned yet: finance's to-do list.
 */
export const DEPOSIT_QUEUE_FILTERS = ['WAIT', 'COMPLETED', 'FAIL', 'HELD', 'ALL'] as const;
export type TDepositQueueFilter = (typeof DEPOSIT_QUEUE_FILTERS)[number];
export const ZDepositQueueRequest = z.object({
  status: z.enum(DEPOSIT_QUEUE_FILTERS, invalid).default('WAIT'),
  pageNum: zPageField(1, 100_000),
  pageSize: zPageField(50, 200),
});
export const ZDepositQueueItem = z.object({
  orderNo: z.string(),
  playerId: z.number().int(),
  method: z.enum(['upi', 'bank', 'usdt']),
  amount: zMoneyText,
  /** USDT orders: the exact amount expected and the single-use address it goes to. */
  usdtAmount: z.string().nullable(),
  depositAddress: z.string().nullable(),
  status: z.enum(['pending', 'completed', 'failed']),
  /** The player pressed Transfer Finish (USDT). */
  isTransferSubmitted: z.boolean(),
  note: z.string().nullable(),
  /** Paid when it could not be credited: why. The order stays failed for the balance; the money is in the deposit holds. */
  heldReason: z.enum(RECHARGE_HELD_REASONS).nullable(),
  /** When an operator recorded the held money as sent back to the payer (null while it is still held). */
  returnedTime: z.string().nullable(),
  createTime: z.string(),
});
export type TDepositQueueItem = z.infer<typeof ZDepositQueueItem>;
export const ZDepositQueueResponse = z.object({
  list: z.array(ZDepositQueueItem),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
