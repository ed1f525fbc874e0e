import type { ErrorCode } from '@mayur/rules/errors';
import { Refusal, type RefusalCode, type StudioWalletOnlyCode } from '../../platform/refusal.ts';
import type { ProviderSettings } from './providers-env.ts';

// The seamless wallet's calls as our use cases see them, whatever adapter read them off the wire
// (decision 0026). Amounts are integer paise; ids are the studio's own. `currency` is what the call
// named, if anything: see `currencyRefusal`.

export type AuthenticateCall = { action: 'authenticate'; launchToken: string; currency?: string };
export type BalanceCall = { action: 'balance'; sessionToken: string; playerId: number; currency?: string };
export type DebitCall = {
  action: 'debit';
  currency?: string;
  sessionToken: string;
  playerId: number;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amountPaise: bigint;
};
export type CreditCall = {
  action: 'credit';
  currency?: string;
  sessionToken: string;
  playerId: number;
  transactionId: string;
  roundId: string;
  amountPaise: bigint;
};
export type RollbackCall = {
  action: 'rollback';
  currency?: string;
  sessionToken: string;
  playerId: number;
  transactionId: string;
  referenceTransactionId: string;
  roundId: string;
};
export type WalletCall = AuthenticateCall | BalanceCall | DebitCall | CreditCall | RollbackCall;
export type WalletAction = WalletCall['action'];
export const WALLET_ACTIONS: readonly WalletAction[] = ['authenticate', 'balance', 'debit', 'credit', 'rollback'];

/**
 * The wallet API's refusal codes (docs/provider-wallet-api.md): its own, and four it shares with the
 * player API. A use case refuses a call by throwing a Refusal with one of them.
 */
export type WalletErrorCode =
  StudioWalletOnlyCode | Extract<ErrorCode, 'BAD_REQUEST' | 'INSUFFICIENT_BALANCE' | 'TRY_AGAIN' | 'INTERNAL'>;

export type WalletAnswer =
  | {
      isOk: true;
      balancePaise: bigint;
      /** Our id of the movement (the ledger transfer key), when one was made. */
      walletTransactionId?: string | null;
      isReplay?: boolean;
      /** authenticate only. */
      session?: { sessionToken: string; playerId: number; nickName: string; gameCode: string; expiresAt: Date };
    }
  | { isOk: false; code: WalletErrorCode; message: string; balancePaise?: bigint };

const CALL_REFUSAL_CODES: ReadonlySet<RefusalCode> = new Set<WalletErrorCode>([
  'BAD_REQUEST',
  'INVALID_SIGNATURE',
  'INVALID_API_KEY',
  'PROVIDER_UNKNOWN',
  'SESSION_INVALID',
  'PLAYER_MISMATCH',
  'INSUFFICIENT_BALANCE',
  'PLAYER_BLOCKED',
  'PLAYER_FROZEN',
  'LIMIT_REACHED',
  'CREDIT_CEILING_REACHED',
  'CURRENCY_MISMATCH',
  'TRANSACTION_CONFLICT',
  'ROUND_NOT_FOUND',
  'ROUND_SETTLED',
  'DEBIT_ROLLED_BACK',
]);

/**
 * Whether an error is a refusal of the call the studio is told as it is (its code, detail and balance).
 * TRY_AGAIN and INTERNAL are not among them: the callback route words those itself, so that no detail
 * of ours reaches the studio.
 */
export function isCallRefusal(error: unknown): error is Refusal & { readonly code: WalletErrorCode } {
  return error instanceof Refusal && CALL_REFUSAL_CODES.has(error.code);
}

export type ProviderOf = ProviderSettings;

/**
 * Every amount is in the provider's currency (the operator's agreement with the studio, `INR`): a call
 * that names another one is refused whole, never read as rupees. Bets and wins must name it (the
 * adapter refuses one that does not); the other calls may leave it out.
 */
export function currencyRefusal(provider: ProviderSettings, call: WalletCall): WalletAnswer | null {
  if (call.currency === undefined || call.currency === provider.currency) return null;
  return {
    isOk: false,
    code: 'CURRENCY_MISMATCH',
    message: `currency ${call.currency} is not this provider's ${provider.currency}`,
  };
}
