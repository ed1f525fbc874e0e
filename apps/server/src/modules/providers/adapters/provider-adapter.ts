import type { ProviderSettings } from '../providers-env.ts';
import type { WalletAction, WalletAnswer, WalletCall } from '../wallet-calls.ts';

// What changes from one aggregator or studio to another (decision 0026): how its calls are signed and
// shaped, how a game is launched, and how its daily report is fetched. The wallet's rules (sessions,
// idempotency, the ledger, player protection) do not change; a new aggregator is a new adapter.

export type VerifiedRequest = { isValid: true } | { isValid: false; why: string; code: 'INVALID_SIGNATURE' | 'INVALID_API_KEY' };

export type ParsedCall = { isOk: true; call: WalletCall } | { isOk: false; field: string };

export type AdapterReply = { status: number; headers: Record<string, string>; body: string };

/** One line of a studio's daily report, or of ours. */
export type ReportTransaction = {
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  roundId: string;
  playerId: number;
  amountPaise: bigint;
};

export type LaunchRequest = { launchToken: string; gameCode: string; locale: string; lobbyUrl: string };

export type ProviderAdapter = {
  /** Authenticates a call from its headers and raw bytes, before anything is parsed. */
  verify(
    settings: ProviderSettings,
    headers: Record<string, unknown>,
    rawBody: string,
    nowMs: number,
    toleranceMs: number,
  ): VerifiedRequest;
  parse(action: WalletAction, body: unknown): ParsedCall;
  reply(settings: ProviderSettings, answer: WalletAnswer, nowMs: number): AdapterReply;
  launchUrl(settings: ProviderSettings, launch: LaunchRequest): string;
  /** The studio's transactions of one Kolkata day (`YYYY-MM-DD`). */
  fetchDailyReport(settings: ProviderSettings, day: string, nowMs: number): Promise<ReportTransaction[]>;
};
