import type { EndpointDefinition } from './endpoints.ts';
import {
  ZActivityStatement,
  ZActivityStatementRequest,
  ZHelpOrganisationsResponse,
  ZLimitRequest,
  ZPlaySession,
  ZProtectionState,
  ZSessionResult,
  ZSessionResultRequest,
  ZSetLimitRequest,
  ZSetRealityCheckRequest,
  ZStartExclusionRequest,
} from './protection.ts';
import { ZEmpty } from './users.ts';

// Player protection: limits, exclusions, reality checks, sessions and statements: the player API's endpoints of this domain (see endpoints.ts).
export const protectionEndpoints = {
  '/protection/state': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZProtectionState,
    summary: "The player's limits with this period's use and pending changes, time-out or self-exclusion, reality check",
    tag: 'protection',
  },
  '/protection/setLimit': {
    isAuthRequired: true,
    request: ZSetLimitRequest,
    response: ZProtectionState,
    summary: 'Set a deposit or loss limit: a first or lower limit applies at once, a higher one waits 24 hours and confirmation',
    tag: 'protection',
  },
  '/protection/removeLimit': {
    isAuthRequired: true,
    request: ZLimitRequest,
    response: ZProtectionState,
    summary: "Ask for a limit to be removed: waits 24 hours and then the player's confirmation",
    tag: 'protection',
  },
  '/protection/confirmLimit': {
    isAuthRequired: true,
    request: ZLimitRequest,
    response: ZProtectionState,
    summary: 'Confirm a waiting increase or removal; refused with LIMIT_CHANGE_NOT_READY before its 24 hours',
    tag: 'protection',
  },
  '/protection/cancelLimitChange': {
    isAuthRequired: true,
    request: ZLimitRequest,
    response: ZProtectionState,
    summary: 'Drop a waiting increase or removal; the limit in force stays',
    tag: 'protection',
  },
  '/protection/startExclusion': {
    isAuthRequired: true,
    request: ZStartExclusionRequest,
    response: ZProtectionState,
    summary: 'Start a time-out (24h, 7d, 30d) or self-exclusion (6m, 1y, 5y); it cannot be ended early',
    tag: 'protection',
  },
  '/protection/setRealityCheck': {
    isAuthRequired: true,
    request: ZSetRealityCheckRequest,
    response: ZProtectionState,
    summary: 'Set the reality-check interval: 0 (off), 15, 30 or 60 minutes',
    tag: 'protection',
  },
  '/protection/playSession': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZPlaySession,
    summary: "The reality check's clock of this log-in: started at its first game screen, then read again by every reopening",
    tag: 'protection',
  },
  '/protection/continuePlaying': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZPlaySession,
    summary: 'The player chose to continue after a reality check: the next interval counts from now',
    tag: 'protection',
  },
  '/protection/sessionResult': {
    isAuthRequired: true,
    request: ZSessionResultRequest,
    response: ZSessionResult,
    summary: "The player's bets, wins and net result since the session's play began (at most 7 days ago)",
    tag: 'protection',
  },
  '/protection/statement': {
    isAuthRequired: true,
    request: ZActivityStatementRequest,
    response: ZActivityStatement,
    summary: 'Deposits, withdrawals, bets, wins and net result per Kolkata month, newest first, with the same as CSV text',
    tag: 'protection',
  },
  '/protection/helpOrganisations': {
    isAuthRequired: false,
    request: ZEmpty,
    response: ZHelpOrganisationsResponse,
    summary: "The operator's responsible-gaming help organisations; empty when none is configured",
    tag: 'protection',
  },
} as const satisfies Record<string, EndpointDefinition>;
