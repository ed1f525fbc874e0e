import { CONTENT_EDITORS, FINANCE_DECIDERS, FINANCE_READERS, adminEndpoint } from './admin-endpoint.ts';
import type { z } from 'zod';
import type { AdminAudit } from './audit-kind.ts';
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
  ZOperatorChangeRequest,
  ZOperatorChangeResponse,
  ZOwnerRequest,
  ZOwnerRequestDecision,
  ZOwnerRequestList,
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
// The server registers exactly these (apps/server/src/modules/admin/register-admin-endpoint.ts)
// and checks the role before anything else; the console's client is typed by the same map.
//
// access: 'public' — no session (signing in); 'session' — any signed-in operator (their own session);
// a list of roles — only those. audit (audit-kind.ts): 'change' — one row of admin_audit_log per call,
// written in the change's own transaction; 'read' — one row per call (sign-ins, reads of a player's
// data, exports), written before the answer; 'refusals' — only refused calls are recorded.
// No endpoint here reads an unrevealed seed or writes a seed, a result or a round: the back office has
// no power over results (DESIGN.md §13), and a test holds this map to that.

export type AdminAccess = 'public' | 'session' | readonly OperatorRole[];

export type AdminEndpointDefinition = {
  request: z.ZodType;
  response: z.ZodType;
  access: AdminAccess;
  audit: AdminAudit;
  summary: string;
  tag: string;
  /** Set on the games screen's reads: nothing behind them writes (no-power-over-results.test.ts). */
  readOnly?: true;
};

/** The roles that answer complaints. */
export const COMPLAINT_HANDLERS = CONTENT_EDITORS;

export const adminEndpoints = {
  '/auth/signIn': adminEndpoint({
    request: ZSignInRequest,
    response: ZSignInResponse,
    access: 'public',
    audit: 'read',
    summary:
      'Sign in with login, password and the current authenticator code (or a recovery code); an operator without two-factor gets an enrolment instead',
    tag: 'auth',
  }),
  '/auth/confirmEnrolment': adminEndpoint({
    request: ZConfirmEnrolmentRequest,
    response: ZOperatorSession,
    access: 'public',
    audit: 'change',
    summary: 'Finish two-factor enrolment with the first code from the app and a new password of the operator’s own',
    tag: 'auth',
  }),
  '/auth/signOut': adminEndpoint({
    request: ZAdminEmpty,
    response: ZAdminNull,
    access: 'session',
    audit: 'change',
    summary: 'End this session',
    tag: 'auth',
  }),
  '/auth/me': adminEndpoint({
    request: ZAdminEmpty,
    response: ZMeResponse,
    access: 'session',
    audit: 'refusals',
    summary: 'The signed-in operator and when the session ends',
    tag: 'auth',
  }),
  '/auth/changePassword': adminEndpoint({
    request: ZChangeOwnPasswordRequest,
    response: ZAdminNull,
    access: 'session',
    audit: 'change',
    summary: 'Change one’s own password with the current password and code; every other session of the operator ends',
    tag: 'auth',
  }),
  '/operators/list': adminEndpoint({
    request: ZAdminEmpty,
    response: ZOperatorsResponse,
    access: ['owner'],
    audit: 'refusals',
    summary: 'Every operator account',
    tag: 'operators',
  }),
  '/operators/create': adminEndpoint({
    request: ZCreateOperatorRequest,
    response: ZCreateOperatorResponse,
    access: ['owner'],
    audit: 'change',
    summary:
      'Create an operator with a role and their e-mail, confirmed with a fresh code; the one-time password is e-mailed to them, never shown to the owner',
    tag: 'operators',
  }),
  '/operators/disable': adminEndpoint({
    request: ZOperatorChangeRequest,
    response: ZOperatorChangeResponse,
    access: ['owner'],
    audit: 'change',
    summary:
      'Disable an operator and end their sessions (confirmed with a fresh code); disabling an owner waits for a second owner',
    tag: 'operators',
  }),
  '/operators/reset': adminEndpoint({
    request: ZOperatorChangeRequest,
    response: ZOperatorChangeResponse,
    access: ['owner'],
    audit: 'change',
    summary:
      'Reset an operator who lost their phone and recovery codes (confirmed with a fresh code): a new one-time password e-mailed to them, two-factor to enrol again, sessions ended; resetting an owner waits for a second owner',
    tag: 'operators',
  }),
  '/ownerRequests/list': adminEndpoint({
    request: ZAdminEmpty,
    response: ZOwnerRequestList,
    access: ['owner'],
    audit: 'refusals',
    summary:
      'Changes waiting for a second owner (resetting or disabling an owner, an agent programme beyond the bounds), and the latest decided',
    tag: 'operators',
  }),
  '/ownerRequests/approve': adminEndpoint({
    request: ZOwnerRequestDecision,
    response: ZOwnerRequest,
    access: ['owner'],
    audit: 'change',
    summary: 'A second, different owner approves a waiting change (confirmed with a fresh code); it is made at once',
    tag: 'operators',
  }),
  '/ownerRequests/reject': adminEndpoint({
    request: ZOwnerRequestDecision,
    response: ZOwnerRequest,
    access: ['owner'],
    audit: 'change',
    summary: 'Refuse a waiting change: nothing is made',
    tag: 'operators',
  }),
  '/audit/list': adminEndpoint({
    request: ZAuditListRequest,
    response: ZAuditListResponse,
    access: ['owner', 'auditor'],
    audit: 'refusals',
    summary: 'The audit log, newest first, paged, by operator or action',
    tag: 'audit',
  }),
  '/audit/export': adminEndpoint({
    request: ZAuditExportRequest,
    response: ZAuditExportResponse,
    access: ['owner', 'auditor'],
    audit: 'read',
    summary: 'The audit log as CSV (newest first, at most 10,000 rows), by operator or action; exporting is itself recorded',
    tag: 'audit',
  }),
  '/complaints/list': adminEndpoint({
    request: ZAdminComplaintsRequest,
    response: ZAdminComplaintsResponse,
    access: COMPLAINT_HANDLERS,
    audit: 'refusals',
    summary: 'The complaints inbox by status, oldest first',
    tag: 'complaints',
  }),
  '/complaints/thread': adminEndpoint({
    request: ZAdminComplaintRequest,
    response: ZAdminComplaintThread,
    access: COMPLAINT_HANDLERS,
    audit: 'read',
    summary: 'One complaint with its whole thread (a read of a player’s data, so audited)',
    tag: 'complaints',
  }),
  '/complaints/screenshot': adminEndpoint({
    request: ZAdminScreenshotRequest,
    response: ZAdminScreenshot,
    access: COMPLAINT_HANDLERS,
    audit: 'read',
    summary: 'One screenshot of a complaint, with its checked type (the CLI’s complaint:screenshot use case); audited',
    tag: 'complaints',
  }),
  '/complaints/reply': adminEndpoint({
    request: ZAdminComplaintReplyRequest,
    response: ZAdminComplaintChange,
    access: COMPLAINT_HANDLERS,
    audit: 'change',
    summary: 'Answer a complaint (the same use case as the CLI’s complaint:reply)',
    tag: 'complaints',
  }),
  '/complaints/assign': adminEndpoint({
    request: ZAdminComplaintAssignRequest,
    response: ZAdminComplaintChange,
    access: COMPLAINT_HANDLERS,
    audit: 'change',
    summary: 'Assign a complaint to an owner or support operator (or to nobody)',
    tag: 'complaints',
  }),
  '/complaints/close': adminEndpoint({
    request: ZAdminComplaintCloseRequest,
    response: ZAdminComplaintChange,
    access: COMPLAINT_HANDLERS,
    audit: 'change',
    summary: 'Close a complaint, optionally with a last message (the same use case as complaint:close)',
    tag: 'complaints',
  }),
  '/deposits/list': adminEndpoint({
    request: ZDepositQueueRequest,
    response: ZDepositQueueResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'Recharge orders by status, oldest first; HELD: paid when they could not be credited and not yet returned',
    tag: 'deposits',
  }),
  '/players/search': adminEndpoint({
    request: ZPlayerSearchRequest,
    response: ZPlayerSearchResponse,
    access: ['owner', 'finance', 'support', 'risk', 'auditor'],
    audit: 'read',
    summary:
      'Find players by id, mobile number, e-mail or promotion code, with their balances (a read of players’ data, so audited)',
    tag: 'players',
  }),
  '/withdrawals/list': adminEndpoint({
    request: ZWithdrawalQueueRequest,
    response: ZWithdrawalQueueResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'The withdrawal queue by status, oldest first, with who approved each so far',
    tag: 'withdrawals',
  }),
  '/withdrawals/approve': adminEndpoint({
    request: ZWithdrawalApproveRequest,
    response: ZWithdrawalDecision,
    access: FINANCE_DECIDERS,
    audit: 'change',
    summary:
      'Approve a pending withdrawal (the CLI’s withdraw:approve use case); above the configured amount it is paid only once two different operators approved',
    tag: 'withdrawals',
  }),
  '/withdrawals/reject': adminEndpoint({
    request: ZWithdrawalRejectRequest,
    response: ZWithdrawalDecision,
    access: FINANCE_DECIDERS,
    audit: 'change',
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
