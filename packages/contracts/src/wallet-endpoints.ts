import type { EndpointDefinition } from './endpoints.ts';
import { ZEmpty } from './users.ts';
import {
  ZBonusWagering,
  ZExchangeBonusRequest,
  ZExchangeBonusResponse,
  ZFindMoneyTranceListRequest,
  ZFindMoneyTranceListResponse,
  ZRedeemGiftRequest,
  ZRedeemGiftResponse,
} from './wallet.ts';

// The player's ledger: money history, gift codes, bonus wagering and exchange: the player API's endpoints of this domain (see endpoints.ts).
export const walletEndpoints = {
  '/user/exchangeBonus': {
    isAuthRequired: true,
    request: ZExchangeBonusRequest,
    response: ZExchangeBonusResponse,
    summary: 'Move bonus to cash',
    tag: 'wallet',
  },
  '/user/bonusWagering': {
    isAuthRequired: true,
    request: ZEmpty,
    response: ZBonusWagering,
    summary: 'The bets still needed before bonus can be exchanged, with progress',
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
} as const satisfies Record<string, EndpointDefinition>;
