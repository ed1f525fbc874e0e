import {
  CONTENT_EDITORS,
  CONTENT_READERS,
  FINANCE_DECIDERS,
  FINANCE_READERS,
  RISK_READERS,
  adminEndpoint,
} from './admin-endpoint.ts';
import type { AdminEndpointDefinition } from './endpoints.ts';
import {
  ZDepositConfirmation,
  ZDepositEventsResponse,
  ZDepositOrderRequest,
  ZDepositReturn,
  ZGiftCode,
  ZGiftCodeCreateRequest,
  ZGiftCodeListRequest,
  ZGiftCodeListResponse,
  ZGiftCodeRequest,
  ZGiftRedemptionsResponse,
  ZAdminNotice,
  ZAdminNoticesResponse,
  ZNoticeSaveRequest,
  ZSupportContact,
  ZSupportContactIdRequest,
  ZSupportContactSaveRequest,
  ZSupportContactsResponse,
  ZRiskFlagsRequest,
  ZRiskFlagsResponse,
  ZAgentProgrammeResponse,
} from './operations-schemas.ts';
import { ZAdminEmpty, ZAdminNull } from './schemas.ts';

// The back office's operations, merged into adminEndpoints (endpoints.ts). Same
// rules: `access` is checked first, `audit` says which calls are one audit row (audit-kind.ts).

export const operationsEndpoints = {
  '/deposits/events': adminEndpoint({
    request: ZDepositOrderRequest,
    response: ZDepositEventsResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'One recharge order with the gateway’s (or the USDT watcher’s) events for it, oldest first',
    tag: 'deposits',
  }),
  '/deposits/confirm': adminEndpoint({
    request: ZDepositOrderRequest,
    response: ZDepositConfirmation,
    access: FINANCE_DECIDERS,
    audit: 'change',
    summary:
      'Confirm a USDT recharge by hand after checking the chain (the CLI’s deposit:confirm use case): credits the order’s amount once',
    tag: 'deposits',
  }),
  '/deposits/return': adminEndpoint({
    request: ZDepositOrderRequest,
    response: ZDepositReturn,
    access: FINANCE_DECIDERS,
    audit: 'change',
    summary:
      'Record a held recharge as sent back to the payer through the provider (the CLI’s deposit:return use case): the amount leaves the deposit holds for the provider’s clearing account once, never into the player’s cash',
    tag: 'deposits',
  }),
  '/giftCodes/list': adminEndpoint({
    request: ZGiftCodeListRequest,
    response: ZGiftCodeListResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'Gift codes, newest first, with their uses so far',
    tag: 'giftCodes',
  }),
  '/giftCodes/create': adminEndpoint({
    request: ZGiftCodeCreateRequest,
    response: ZGiftCode,
    access: FINANCE_DECIDERS,
    audit: 'change',
    summary:
      'Create a gift code (amount, uses, bonus or cash, optional expiry); cash codes and large bonus codes wait for a second approver. The same use case as the CLI’s gift:create',
    tag: 'giftCodes',
  }),
  '/giftCodes/approve': adminEndpoint({
    request: ZGiftCodeRequest,
    response: ZGiftCode,
    access: FINANCE_DECIDERS,
    audit: 'change',
    summary:
      'A second, different operator approves a waiting gift code (cash, or bonus above the single-approval value); only then can it be redeemed',
    tag: 'giftCodes',
  }),
  '/giftCodes/reject': adminEndpoint({
    request: ZGiftCodeRequest,
    response: ZGiftCode,
    access: FINANCE_DECIDERS,
    audit: 'change',
    summary: 'Refuse a waiting gift code: it can never be redeemed',
    tag: 'giftCodes',
  }),
  '/giftCodes/redemptions': adminEndpoint({
    request: ZGiftCodeRequest,
    response: ZGiftRedemptionsResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary: 'One gift code with the players who redeemed it, newest first',
    tag: 'giftCodes',
  }),
  '/giftCodes/disable': adminEndpoint({
    request: ZGiftCodeRequest,
    response: ZGiftCode,
    access: FINANCE_DECIDERS,
    audit: 'change',
    summary: 'Disable a gift code: no further redemption; those made stay',
    tag: 'giftCodes',
  }),
  '/content/notices/list': adminEndpoint({
    request: ZAdminEmpty,
    response: ZAdminNoticesResponse,
    access: CONTENT_READERS,
    audit: 'refusals',
    summary: 'Every notice (published or not, any language), newest first, with whether players see it now',
    tag: 'content',
  }),
  '/content/notices/save': adminEndpoint({
    request: ZNoticeSaveRequest,
    response: ZAdminNotice,
    access: CONTENT_EDITORS,
    audit: 'change',
    summary:
      'Create or edit a notice (language, title, message, the notice dialog’s links, published, start and end); its message joins the announcement strip',
    tag: 'content',
  }),
  '/content/supportContacts/list': adminEndpoint({
    request: ZAdminEmpty,
    response: ZSupportContactsResponse,
    access: CONTENT_READERS,
    audit: 'refusals',
    summary: 'Support contacts set in the console per language, and those the server’s settings give',
    tag: 'content',
  }),
  '/content/supportContacts/save': adminEndpoint({
    request: ZSupportContactSaveRequest,
    response: ZSupportContact,
    access: CONTENT_EDITORS,
    audit: 'change',
    summary: 'Set a language’s Telegram, WhatsApp or e-mail contact (checked like the server’s settings)',
    tag: 'content',
  }),
  '/content/supportContacts/remove': adminEndpoint({
    request: ZSupportContactIdRequest,
    response: ZAdminNull,
    access: CONTENT_EDITORS,
    audit: 'change',
    summary: 'Remove a contact set in the console (the language falls back to every language’s, then the settings)',
    tag: 'content',
  }),
  '/risk/flags': adminEndpoint({
    request: ZRiskFlagsRequest,
    response: ZRiskFlagsResponse,
    access: RISK_READERS,
    audit: 'read',
    summary:
      'Players sharing an address, a device (address and browser) or a payout account, inviters paid invite bonuses for several new accounts, and players with unusual wins, over the last days (a read of players’ data, so audited)',
    tag: 'risk',
  }),
  '/agents/programme': adminEndpoint({
    request: ZAdminEmpty,
    response: ZAgentProgrammeResponse,
    access: FINANCE_READERS,
    audit: 'refusals',
    summary:
      'The agent programme in effect today (levels, their thresholds and commission rates, the invite bonus), a change waiting for its day, every version, and the daily commission runs',
    tag: 'agents',
  }),
} satisfies Record<string, AdminEndpointDefinition>;
