import type { z } from 'zod';
import { ZFindNoticeRequest, ZFindNoticeResponse, ZNoticeUrlResponse } from './notices.ts';
import {
  ZBalance,
  ZChangeNickRequest,
  ZChangeWithdrawPasswordEmailRequest,
  ZChangeWithdrawPasswordRequest,
  ZEmailLoginRequest,
  ZEmailRegisterRequest,
  ZEmpty,
  ZGetCodeRequest,
  ZGetCodeResponse,
  ZGetEmailCodeRequest,
  ZLoginRequest,
  ZNull,
  ZRegisterRequest,
  ZRegisterSwitchResponse,
  ZResetPasswordEmailRequest,
  ZResetPasswordRequest,
  ZSession,
  ZThirdLoginRequest,
  ZUser,
} from './users.ts';
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
import {
  ZBitgameLogRequest,
  ZBitgamePeriodRequest,
  ZBitgamePourRequest,
  ZFairChainRequest,
  ZFairChainResponse,
  ZFairRoundRequest,
  ZFairRoundResponse,
  ZGameLogResponse,
  ZPeriodState,
  ZPkLogRequest,
  ZPkPeriodRequest,
  ZPkPourRequest,
  ZPourResponse,
  ZUserLogResponse,
  ZWingoLogRequest,
  ZWingoPeriodRequest,
  ZWingoPourRequest,
} from './lottery.ts';
import {
  ZExchangeBonusRequest,
  ZExchangeBonusResponse,
  ZFindMoneyTranceListRequest,
  ZFindMoneyTranceListResponse,
  ZRedeemGiftRequest,
  ZRedeemGiftResponse,
} from './wallet.ts';

export type EndpointDefinition = {
  /** Whether the caller must send a valid session token. */
  isAuthRequired: boolean;
  request: z.ZodType;
  response: z.ZodType;
  summary: string;
  tag: string;
};

/**
 * Every API endpoint, keyed by its path under the API base (`/api`). The server registers a handler
 * for each key and the web client is typed against the same map, so neither can drift from the other.
 */
export const endpoints = {
  '/smsserver/getCode': {
    isAuthRequired: false,
    request: ZGetCodeRequest,
    response: ZGetCodeResponse,
    summary: 'Send a 6-digit code to a mobile number',
    tag: 'codes',
  },
  '/smsserver/getEmailCode': {
    isAuthRequired: false,
    request: ZGetEmailCodeRequest,
    response: ZGetCodeResponse,
    summary: 'Send a 6-digit code to an e-mail address',
    tag: 'codes',
  },
  '/user/findRegistSwitch': {
    isAuthRequired: false,
    request: ZEmpty,
    response: ZRegisterSwitchResponse,
    summary: 'Whether registration is open and whether a recommendation code is required',
    tag: 'user',
  },
  '/user/regist': {
    isAuthRequired: false,
    request: ZRegisterRequest,
    response: ZSession,
    summary: 'Register with a mobile number',
    tag: 'user',
  },
  '/user/emailRegist': {
    isAuthRequired: false,
    request: ZEmailRegisterRequest,
    response: ZSession,
    summary: 'Register with an e-mail address',
    tag: 'user',
  },
  '/user/login': {
    isAuthRequired: false,
    request: ZLoginRequest,
    response: ZSession,
    summary: 'Log in with a mobile number',
    tag: 'user',
  },
  '/user/emailLogin': {
    isAuthRequired: false,
    request: ZEmailLoginRequest,
    response: ZSession,
    summary: 'Log in with an e-mail address',
    tag: 'user',
  },
  '/user/logout': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZNull,
    summary: 'Revoke the current session',
    tag: 'user',
  },
  '/user/fogetPSW': {
    isAuthRequired: false,
    request: ZResetPasswordRequest,
    response: ZNull,
    summary: 'Reset the login password with a code sent to the mobile number; revokes every session',
    tag: 'user',
  },
  '/user/fogetPSWEmail': {
    isAuthRequired: false,
    request: ZResetPasswordEmailRequest,
    response: ZNull,
    summary: 'Reset the login password with a code sent to the e-mail address; revokes every session',
    tag: 'user',
  },
  '/user/changeWithdrawPsw': {
    isAuthRequired: true,
    request: ZChangeWithdrawPasswordRequest,
    response: ZNull,
    summary: "Set the withdrawal password with a code sent to the account's mobile number",
    tag: 'user',
  },
  '/user/changeWithdrawPswEmail': {
    isAuthRequired: true,
    request: ZChangeWithdrawPasswordEmailRequest,
    response: ZNull,
    summary: "Set the withdrawal password with a code sent to the account's e-mail address",
    tag: 'user',
  },
  '/user/findUserInfo': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZUser,
    summary: 'The signed-in player',
    tag: 'user',
  },
  '/user/changeNick': {
    isAuthRequired: true,
    request: ZChangeNickRequest,
    response: ZUser,
    summary: 'Change the nick name',
    tag: 'user',
  },
  '/user/balance': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZBalance,
    summary: 'Cash and bonus balance',
    tag: 'user',
  },
  '/user/findNotice': {
    isAuthRequired: false,
    request: ZFindNoticeRequest,
    response: ZFindNoticeResponse,
    summary: 'Published notices, newest first',
    tag: 'notices',
  },
  '/user/getNoticeUrl': {
    isAuthRequired: false,
    request: ZEmpty,
    response: ZNoticeUrlResponse,
    summary: 'The notice dialog: first notice with its download, main-site and promotion links',
    tag: 'notices',
  },
  '/user/exchangeBonus': {
    isAuthRequired: true,
    request: ZExchangeBonusRequest,
    response: ZExchangeBonusResponse,
    summary: 'Move bonus to cash',
    tag: 'wallet',
  },
  '/cash/findMoneyTranceList': {
    isAuthRequired: true,
    request: ZFindMoneyTranceListRequest,
    response: ZFindMoneyTranceListResponse,
    summary: "The player's own money movements, newest first, optionally of one type",
    tag: 'wallet',
  },
  '/cash/redeemGift': {
    isAuthRequired: true,
    request: ZRedeemGiftRequest,
    response: ZRedeemGiftResponse,
    summary: 'Redeem a gift code into bonus or cash',
    tag: 'wallet',
  },
  '/wingo/getPeriod': {
    isAuthRequired: false,
    request: ZWingoPeriodRequest,
    response: ZPeriodState,
    summary: 'The current Win Go period of a 1/3/5-minute room, with server time',
    tag: 'lottery',
  },
  '/wingo/pour': {
    isAuthRequired: true,
    request: ZWingoPourRequest,
    response: ZPourResponse,
    summary: 'Bet on a colour or a number in the current Win Go period',
    tag: 'lottery',
  },
  '/wingo/findGameLogByPage': {
    isAuthRequired: false,
    request: ZWingoLogRequest,
    response: ZGameLogResponse,
    summary: 'Resolved Win Go periods of a room, newest first',
    tag: 'lottery',
  },
  '/wingo/findUserLogByPage': {
    isAuthRequired: true,
    request: ZWingoLogRequest,
    response: ZUserLogResponse,
    summary: "The player's own Win Go bets in a room, newest first",
    tag: 'lottery',
  },
  '/lottery/getPeriod': {
    isAuthRequired: false,
    request: ZPkPeriodRequest,
    response: ZPeriodState,
    summary: 'The current period of a Win Go PK room',
    tag: 'lottery',
  },
  '/lottery/pour': {
    isAuthRequired: true,
    request: ZPkPourRequest,
    response: ZPourResponse,
    summary: 'Bet in a Win Go PK room',
    tag: 'lottery',
  },
  '/lottery/findGameLogByPage': {
    isAuthRequired: false,
    request: ZPkLogRequest,
    response: ZGameLogResponse,
    summary: 'Resolved periods of a Win Go PK room',
    tag: 'lottery',
  },
  '/lottery/findUserLogByPage': {
    isAuthRequired: true,
    request: ZPkLogRequest,
    response: ZUserLogResponse,
    summary: "The player's own bets in a Win Go PK room",
    tag: 'lottery',
  },
  '/bitgame/getPeriod': {
    isAuthRequired: false,
    request: ZBitgamePeriodRequest,
    response: ZPeriodState,
    summary: 'The current Bit Game period',
    tag: 'lottery',
  },
  '/bitgame/pour': {
    isAuthRequired: true,
    request: ZBitgamePourRequest,
    response: ZPourResponse,
    summary: 'Bet big or small in the current Bit Game period',
    tag: 'lottery',
  },
  '/bitgame/findGameLogByPage': {
    isAuthRequired: false,
    request: ZBitgameLogRequest,
    response: ZGameLogResponse,
    summary: 'Resolved Bit Game periods',
    tag: 'lottery',
  },
  '/bitgame/findUserLogByPage': {
    isAuthRequired: true,
    request: ZBitgameLogRequest,
    response: ZUserLogResponse,
    summary: "The player's own Bit Game bets",
    tag: 'lottery',
  },
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
  '/fair/chain': {
    isAuthRequired: false,
    request: ZFairChainRequest,
    response: ZFairChainResponse,
    summary: "A room's current hash chain: commitment, salt, length, edge",
    tag: 'fairness',
  },
  '/fair/round': {
    isAuthRequired: false,
    request: ZFairRoundRequest,
    response: ZFairRoundResponse,
    summary: "A round's chain index and, once resolved, its seed and result",
    tag: 'fairness',
  },
  '/third/login': {
    isAuthRequired: false,
    request: ZThirdLoginRequest,
    response: ZSession,
    summary: 'Exchange a valid token (handed over in a page address) for a fresh session',
    tag: 'user',
  },
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;
/** What a caller may send (form or JSON input, before normalisation). */
export type RequestOf<P extends EndpointPath> = z.input<Endpoints[P]['request']>;
/** What a handler receives after validation and normalisation. */
export type ParsedRequestOf<P extends EndpointPath> = z.output<Endpoints[P]['request']>;
export type ResponseOf<P extends EndpointPath> = z.output<Endpoints[P]['response']>;
