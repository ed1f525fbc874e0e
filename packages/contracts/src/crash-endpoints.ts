import type { EndpointDefinition } from './endpoints.ts';
import { ZCrashRoundBetsResponse, ZCrashTopWinsResponse } from './crash-live.ts';
import {
  ZCashoutResponse,
  ZCrashBetIdRequest,
  ZCrashHistoryRequest,
  ZCrashHistoryResponse,
  ZCrashPourRequest,
  ZCrashPourResponse,
  ZCrashRoomRequest,
  ZCrashRoundState,
  ZCrashUserHistoryResponse,
} from './crash.ts';

// Aviator and Crash rooms: the player API's endpoints of this domain (see endpoints.ts).
export const crashEndpoints = {
  '/gameroket/getCurrent': {
    isAuthRequired: false,
    request: ZCrashRoomRequest,
    response: ZCrashRoundState,
    summary: "A crash room's current round, server time and recent crash points",
    tag: 'crash',
  },
  '/gameroket/pour': {
    isAuthRequired: true,
    request: ZCrashPourRequest,
    response: ZCrashPourResponse,
    summary: 'Bet in a crash room (queued for the next round when received in flight)',
    tag: 'crash',
  },
  '/gameroket/cancel': {
    isAuthRequired: true,
    request: ZCrashBetIdRequest,
    response: ZCrashPourResponse,
    summary: 'Cancel a bet that has not flown yet; the stake returns',
    tag: 'crash',
  },
  '/gameroket/doSettle': {
    isAuthRequired: true,
    request: ZCrashBetIdRequest,
    response: ZCashoutResponse,
    summary: 'Cash out a flying bet at the multiplier of the moment the server receives it',
    tag: 'crash',
  },
  '/gameroket/getHistoryByPage': {
    isAuthRequired: false,
    request: ZCrashHistoryRequest,
    response: ZCrashHistoryResponse,
    summary: "A crash room's finished rounds with crash point and revealed seed",
    tag: 'crash',
  },
  '/gameroket/getUserHistoryByPage': {
    isAuthRequired: true,
    request: ZCrashHistoryRequest,
    response: ZCrashUserHistoryResponse,
    summary: "The player's own bets in a crash room",
    tag: 'crash',
  },
  '/gameroket/getRoundBets': {
    isAuthRequired: false,
    request: ZCrashRoomRequest,
    response: ZCrashRoundBetsResponse,
    summary: "Every real player's bet in a crash room's newest round (masked names), with totals",
    tag: 'crash',
  },
  '/gameroket/getTopWins': {
    isAuthRequired: false,
    request: ZCrashRoomRequest,
    response: ZCrashTopWinsResponse,
    summary: "A crash room's biggest real cash-outs of the last 24 hours",
    tag: 'crash',
  },
} as const satisfies Record<string, EndpointDefinition>;
