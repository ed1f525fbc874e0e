import type { EndpointDefinition } from './endpoints.ts';
import {
  ZAgentRulesResponse,
  ZCommissionHistoryRequest,
  ZCommissionHistoryResponse,
  ZFindAllInfoRequest,
  ZFindAllInfoResponse,
  ZFindDownByPageRequest,
  ZFindDownByPageResponse,
  ZFindPromoteResponse,
} from './agent.ts';
import { ZEmpty } from './users.ts';

// The agent and referral programme: the player API's endpoints of this domain (see endpoints.ts).
export const agentEndpoints = {
  '/user/findPromote': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZFindPromoteResponse,
    summary: "The player's own invitation code, link and QR, team counts, invite bonuses and commission",
    tag: 'agent',
  },
  '/agent/commissionHistory': {
    isAuthRequired: true,
    request: ZCommissionHistoryRequest,
    response: ZCommissionHistoryResponse,
    summary: "The player's own daily commission, newest day first, with the lines per depth (members, bets, rate, amount)",
    tag: 'agent',
  },
  '/agent/rules': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZAgentRulesResponse,
    summary: 'The agent programme as configured: levels and their thresholds, commission rates by depth, the invite bonus',
    tag: 'agent',
  },
  '/starAgent/findAllInfo': {
    isAuthRequired: true,
    request: ZFindAllInfoRequest,
    response: ZFindAllInfoResponse,
    summary: "Statistics of the player's own team for a period of Kolkata days, direct and whole team, with a daily series",
    tag: 'agent',
  },
  '/starAgent/findDownByPage': {
    isAuthRequired: true,
    request: ZFindDownByPageRequest,
    response: ZFindDownByPageResponse,
    summary: "The player's own subordinates, newest first, by depth, ID or registration days, paged by a stable cursor",
    tag: 'agent',
  },
} as const satisfies Record<string, EndpointDefinition>;
