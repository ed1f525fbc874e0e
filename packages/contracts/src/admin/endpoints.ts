import type { z } from 'zod';
import { operationsEndpoints } from './operations-endpoints.ts';
import { agentProgrammeEndpoints } from './agent-programme-endpoints.ts';
import { dashboardEndpoints } from './dashboard-endpoints.ts';
import { playerEndpoints } from './players-endpoints.ts';
import { gamesEndpoints } from './games-endpoints.ts';
import { bannerEndpoints } from './banners-endpoints.ts';
import type { OperatorRole } from './roles.ts';
import {
  ZAdminComplaintAssignRequest,
  ZAdminComplaintChange,
  ZAdminComplaintCloseRequest,
  ZAdminComplaintReplyRequest,
  ZAdminComplaintRequest,
  ZAdminComplaintsRequest,
  ZAdminComplaintsResponse,
  ZAdminComplaintThread,
  ZAdminScreenshot,
  ZAdminScreenshotRequest,
  ZAdminEmpty,
  ZAdminNull,
  ZAuditExportRequest,
  ZAuditExportResponse,
  ZAuditListRequest,
  ZAuditListResponse,
  ZChangeOwnPasswordRequest,
  ZConfirmEnrolmentRequest,
  ZCreateOperatorRequest,
  ZCreateOperatorResponse,
  ZDepositQueueRequest,
  ZDepositQueueResponse,
  ZMeResponse,
  ZOperator,
  ZOperatorIdRequest,
  ZOperatorSession,
  ZOperatorsResponse,
  ZPlayerSearchRequest,
  ZPlayerSearchResponse,
  ZSignInRequest,
  ZSignInResponse,
  ZWithdrawalApproveRequest,
  ZWithdrawalDecision,
  ZWithdrawalQueueRequest,
  ZWithdrawalQueueResponse,
  ZWithdrawalRejectRequest,
} from './schemas.ts';

// The back office API: every endpoint, `POST /admin-api<path>`, with its schemas and who may call it.
// The server registers exactly these (apps/server/src/modules/backoffice/register-admin-endpoint.ts)
// and checks the role before anything else; the console's client is typed by the same map.
//
// access: 'public' — no session (signing in); 'session' — any signed-in operator (their own session);
// a list of roles — only those. audit: 'always' — every call is one row of admin_audit_log (changes,
// sign-ins, and reads of a player's data); 'refusals' — only refused calls are recorded.
// No endpoint here reads an unrevealed seed or writes a seed, a result or a round: the back office has
// no power over results (DESIGN.md §13), and a test holds this map to that.

export type AdminAccess = 'public' | 'session' | readonly OperatorRole[];

export type AdminEndpointDefinition = {
  request: z.ZodType;
  response: z.ZodType;
  access: AdminAccess;
  audit: 'always' | 'refusals';
  summary: string;
  tag: string;
  /** Set on the games screen's reads: nothing behind them writes (no-power-over-results.test.ts). */
  readOnly?: true;
};

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(definition: {
  request: Req;
  response: Res;
  access: AdminAccess;
  audit: 'always' | 'refusals';
  summary: string;
  tag: string;
}) {
  return definition;
}

const FINANCE_READERS = ['owner', 'finance', 'auditor'] as const satisfies readonly OperatorRole[];
const WITHDRAWAL_DECIDERS = ['owner', 'finance'] as const satisfies readonly OperatorRole[];
export const COMPLAINT_HANDLERS = ['owner', 'support'] as const satisfies readonly OperatorRole[];

export const adminEndpoints = {
  '/auth/signIn': endpoint({
    request: ZSignInRequest,
    response: ZSignInResponse,
    access: 'public',
    audit: 'always',
    summary:
      'Sign in with login, password and the current authenticator code (or a recovery code); an operator without two-factor gets an enrolment instead',
    tag: 'auth',
  }),
  '/auth/confirmEnrolment': endpoint({
    request: ZConfirmEnrolmentRequest,
    response: ZOperatorSession,
    access: 'public',
    audit: 'always',
    summary: 'Finish two-factor enrolment with the first code from the app and a new password of the operator’s own',
    tag: 'auth',
  }),
  '/auth/signOut': endpoint({
    request: ZAdminEmpty,
    response: ZAdminNull,
    access: 'session',
    audit: 'always',
    summary: 'End this session',
    tag: 'auth',
  }),
  '/auth/me': endpoint({
    request: ZAdminEmpty,
    response: ZMeResponse,
    access: 'session',
    audit: 'refusals',
    summary: 'The signed-in operator and when the session ends',
    tag: 'auth',
  }),
  '/auth/changePassword': endpoint({
    request: ZChangeOwnPasswordRequest,
    response: ZAdminNull,
    access: 'session',
    audit: 'always',
    summary: 'Change one’s own password with the current password and code; every other session of the operator ends',
    tag: 'auth',
  }),
  '/operators/list': endpoint({
    request: ZAdminEmpty,
    response: ZOperatorsResponse,
    access: ['owner'],
    audit: 'refusals',
    summary: 'Every operator account',
    tag: 'operators',
  }),
  '/operators/create': endpoint({
    request: ZCreateOperatorRequest,
    response: ZCreateOperatorResponse,
    access: ['owner'],
    audit: 'always',
    summary: 'Create an operator with a role; answers a one-time password, shown once',
    tag: 'operators',
  }),
  '/operators/disable': endpoint({
    request: ZOperatorIdRequest,
    response: ZOperator,
    access: ['owner'],
    audit: 'always',
    summary: 'Disable an operator and end their sessions',
    tag: 'operators',
  }),
  '/operators/reset': endpoint({
    request: ZOperatorIdRequest,
    response: ZCreateOperatorResponse,
    access: ['owner'],
    audit: 'always',
    summary:
      'Reset an operator who lost their phone and recovery codes: a new one-time password (shown once), two-factor to enrol again, sessions ended',
    tag: 'operators',
  }),
  '/audit/list': endpoint({
    request: ZAuditListRequest,
    response: ZAuditListResponse,
    access: ['owner', 'auditor'],
    audit: 'refusals',
    summary: 'The audit log, newest first, paged, by operator or action',
    tag: 'audit',
  }),
  '/audit/export': endpoint({
    request: ZAuditExportRequest,
    response: ZAuditExportResponse,
    access: ['owner', 'auditor'],
    audit: 'always',
    summary: 'The audit log as CSV (newest first, at most 10,000 rows), by operator or action; exporting is itself recorded',
    tag: 'audit',
  }),
  '/complaints/list': endpoint({
    request: ZAdminComplaintsRequest,
    response: ZAdminComplaintsResponse,
    access: COMPLAINT_HANDLERS,
    audit: 'refusals',
    summary: 'The complaints inbox by status, oldest first',
    tag: 'complaints',
  }),
  '/complaints/thread': endpoint({
    request: ZAdminComplaintRequest,
    response: ZAdminComplaintThread,
    access: COMPLAINT_HANDLERS,
    audit: 'always',
    summary: 'One complaint with its whole thread (a read of a player’s data, so audited)',
    tag: 'complaints',
  }),
  '/complaints/screenshot': endpoint({
    request: ZAdminScreenshotRequest,
    response: ZAdminScreenshot,
    access: COMPLAINT_HANDLERS,
    audit: 'always',
    summary: 'One screenshot of a complaint, with its checked type (the CLI’s complaint:screenshot use case); audited',
    tag: 'complaints',
  }),
  '/complaints/reply': endpoint({
    request: ZAdminComplaintReplyRequest,
    response: ZAdminComplaintChange,
    access: COMPLAINT_HANDLERS,
    audit: 'always',
    summary: 'Answer a complaint (the same use case as the CLI’s complaint:reply)',
    tag: 'complaints',
  }),
  '/complaints/assign': endpoint({
    request: ZAdminComplaintAssignRequest,
    response: ZAdminComplaintChange,
    access: COMPLAINT_HANDLERS,
    audit: 'always',
    summary: 'Assign a complaint to an owner or support operator (or to nobody)',
    tag: 'complaints',
  }),
  '/complaints/close': endpoint({
    request: ZAdminComplaintCloseRequest,
    response: ZAdminComplaintChange,
    access: COMPLAINT_HANDLERS,
    audit: 'always',
    summary: 'Close a complaint, optionally with a last message (the same use case as complaint:close)',
    tag: 'complaints',
  }),
  '/deposits/list': endpoint({
    request: ZDepositQueueRequest,
    response: ZDepositQueueResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'Recharge orders by status, oldest first (read-only; USDT confirmation by hand is the next slice)',
    tag: 'deposits',
  }),
  '/players/search': endpoint({
    request: ZPlayerSearchRequest,
    response: ZPlayerSearchResponse,
    access: ['owner', 'finance', 'support', 'risk', 'auditor'],
    audit: 'always',
    summary:
      'Find players by id, mobile number, e-mail or promotion code, with their balances (a read of players’ data, so audited)',
    tag: 'players',
  }),
  '/withdrawals/list': endpoint({
    request: ZWithdrawalQueueRequest,
    response: ZWithdrawalQueueResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'The withdrawal queue by status, oldest first, with who approved each so far',
    tag: 'withdrawals',
  }),
  '/withdrawals/approve': endpoint({
    request: ZWithdrawalApproveRequest,
    response: ZWithdrawalDecision,
    access: WITHDRAWAL_DECIDERS,
    audit: 'always',
    summary:
      'Approve a pending withdrawal (the CLI’s withdraw:approve use case); above the configured amount it is paid only once two different operators approved',
    tag: 'withdrawals',
  }),
  '/withdrawals/reject': endpoint({
    request: ZWithdrawalRejectRequest,
    response: ZWithdrawalDecision,
    access: WITHDRAWAL_DECIDERS,
    audit: 'always',
    summary: 'Reject a pending withdrawal with a reason the player sees; the amount returns to their cash',
    tag: 'withdrawals',
  }),
  ...operationsEndpoints,
  ...agentProgrammeEndpoints,
  ...playerEndpoints,
  ...dashboardEndpoints,
  ...gamesEndpoints,
  ...bannerEndpoints,
} satisfies Record<string, AdminEndpointDefinition>;

export type AdminEndpoints = typeof adminEndpoints;
export type AdminEndpointPath = keyof AdminEndpoints;
export type AdminRequestOf<P extends AdminEndpointPath> = z.input<AdminEndpoints[P]['request']>;
export type AdminParsedRequestOf<P extends AdminEndpointPath> = z.output<AdminEndpoints[P]['request']>;
export type AdminResponseOf<P extends AdminEndpointPath> = z.output<AdminEndpoints[P]['response']>;

/** Whether a role may call an endpoint (public and own-session endpoints: every role). */
export function isAllowed(access: AdminAccess, role: OperatorRole): boolean {
  return access === 'public' || access === 'session' || access.includes(role);
}

export const ADMIN_API_PREFIX = '/admin-api';
