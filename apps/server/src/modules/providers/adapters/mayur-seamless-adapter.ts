import { timingSafeEqual, createHash } from 'node:crypto';
import { formatMoney, parseCanonicalMoney } from '@mayur/rules/money';
import { z } from 'zod';
import type { ProviderSettings } from '../providers-env.ts';
import { signBody, signedHeaders, verifySignature } from '../../../platform/http/hmac-signature.ts';
import type { WalletAction, WalletAnswer, WalletCall } from '../wallet-calls.ts';
import type { ProviderAdapter, ReportTransaction } from './provider-adapter.ts';

// `mayur-seamless`: the wallet API we publish (docs/provider-wallet-api.md). JSON both ways, every
// request and every answer signed with `x-signature` = hex HMAC-SHA256(`<unix seconds>.<raw body>`)
// beside `x-signature-timestamp`, the same scheme as our payment gateways (decision 0007), plus the
// provider's `x-api-key`.

export const API_KEY_HEADER = 'x-api-key';
/** The largest amount one call may move: ₹1,00,000. */
const MAX_CALL_PAISE = 10_000_000n;

const zToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
const zId = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/);
/** An ISO 4217 code; whether it is the provider's is the wallet's rule (`currencyRefusal`). */
const zCurrency = z.string().regex(/^[A-Z]{3}$/);
const zPlayerId = z.union([z.string().regex(/^\d{1,9}$/), z.number().int().positive().max(999_999_999)]).transform(Number);
const zAmount = (isZeroAllowed: boolean) =>
  z.string().transform((text, ctx) => {
    const paise = parseCanonicalMoney(text);
    if (paise === null || paise < (isZeroAllowed ? 0n : 1n) || paise > MAX_CALL_PAISE) {
      ctx.addIssue({ code: 'custom', message: 'amount' });
      return z.NEVER;
    }
    return paise;
  });

// A call that moves an amount must say in which currency; the others may.
const schemas = {
  authenticate: z.object({ launchToken: zToken, currency: zCurrency.optional() }),
  balance: z.object({ sessionToken: zToken, playerId: zPlayerId, currency: zCurrency.optional() }),
  debit: z.object({
    sessionToken: zToken,
    playerId: zPlayerId,
    transactionId: zId,
    roundId: zId,
    gameCode: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
    amount: zAmount(false),
    currency: zCurrency,
  }),
  credit: z.object({
    sessionToken: zToken,
    playerId: zPlayerId,
    transactionId: zId,
    roundId: zId,
    amount: zAmount(true),
    currency: zCurrency,
  }),
  rollback: z.object({
    sessionToken: zToken,
    playerId: zPlayerId,
    transactionId: zId,
    referenceTransactionId: zId,
    roundId: zId,
    currency: zCurrency.optional(),
  }),
} as const;

function toCall(action: WalletAction, data: Record<string, unknown>): WalletCall {
  const { amount, ...rest } = data as { amount?: bigint } & Record<string, unknown>;
  return { action, ...rest, ...(amount === undefined ? {} : { amountPaise: amount }) } as WalletCall;
}

function sameKey(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

const zReport = z.object({
  day: z.string(),
  transactions: z.array(
    z.object({
      transactionId: zId,
      kind: z.enum(['debit', 'credit', 'rollback']),
      roundId: zId,
      playerId: zPlayerId,
      amount: z.string().transform((text, ctx) => {
        const paise = parseCanonicalMoney(text);
        if (paise === null) {
          ctx.addIssue({ code: 'custom', message: 'amount' });
          return z.NEVER;
        }
        return paise;
      }),
    }),
  ),
});

export const mayurSeamlessAdapter: ProviderAdapter = {
  verify(settings, headers, rawBody, nowMs, toleranceMs) {
    const check = verifySignature(settings.signingSecret, headers, rawBody, nowMs, toleranceMs);
    if (!check.isValid) return { isValid: false, why: check.why, code: 'INVALID_SIGNATURE' };
    if (!sameKey(settings.apiKey, headers[API_KEY_HEADER])) return { isValid: false, why: 'api key', code: 'INVALID_API_KEY' };
    return { isValid: true };
  },

  parse(action, body) {
    const parsed = schemas[action].safeParse(body);
    if (!parsed.success) return { isOk: false, field: parsed.error.issues[0]?.path.join('.') || 'body' };
    return { isOk: true, call: toCall(action, parsed.data as Record<string, unknown>) };
  },

  reply(settings, answer: WalletAnswer, nowMs) {
    const body = answer.isOk
      ? {
          status: 'ok',
          balance: formatMoney(answer.balancePaise),
          currency: settings.currency,
          ...(answer.walletTransactionId !== undefined ? { walletTransactionId: answer.walletTransactionId } : {}),
          ...(answer.isReplay !== undefined ? { isReplay: answer.isReplay } : {}),
          ...(answer.session
            ? {
                sessionToken: answer.session.sessionToken,
                playerId: String(answer.session.playerId),
                nickName: answer.session.nickName,
                gameCode: answer.session.gameCode,
                sessionExpiresAt: answer.session.expiresAt.toISOString(),
              }
            : {}),
        }
      : {
          status: 'error',
          code: answer.code,
          message: answer.message,
          ...(answer.balancePaise !== undefined
            ? { balance: formatMoney(answer.balancePaise), currency: settings.currency }
            : {}),
        };
    const status = answer.isOk
      ? 200
      : answer.code === 'INVALID_SIGNATURE' || answer.code === 'INVALID_API_KEY'
        ? 401
        : answer.code === 'BAD_REQUEST' || answer.code === 'CURRENCY_MISMATCH'
          ? 400
          : answer.code === 'PROVIDER_UNKNOWN'
            ? 404
            : answer.code === 'TRY_AGAIN'
              ? 503
              : answer.code === 'INTERNAL'
                ? 500
                : 200;
    const text = JSON.stringify(body);
    return { status, headers: signedHeaders(settings.signingSecret, nowMs, text), body: text };
  },

  launchUrl(settings, launch) {
    const url = new URL(settings.launchUrl);
    url.searchParams.set('token', launch.launchToken);
    url.searchParams.set('game', launch.gameCode);
    url.searchParams.set('lang', launch.locale);
    url.searchParams.set('lobby', launch.lobbyUrl);
    return url.toString();
  },

  async fetchDailyReport(settings, day, nowMs) {
    if (!settings.reportUrl) throw new Error(`provider ${settings.id} has no report address`);
    const url = new URL(settings.reportUrl);
    url.searchParams.set('day', day);
    const timestampSeconds = Math.floor(nowMs / 1000);
    // A GET has no body: the signature covers the path and query instead.
    const signed = `${url.pathname}${url.search}`;
    const response = await fetch(url, {
      headers: {
        [API_KEY_HEADER]: settings.apiKey,
        'x-signature-timestamp': String(timestampSeconds),
        'x-signature': signBody(settings.signingSecret, timestampSeconds, signed),
      },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`provider ${settings.id} report: HTTP ${response.status}`);
    const check = verifySignature(settings.signingSecret, Object.fromEntries(response.headers), text, Date.now(), 5 * 60_000);
    if (!check.isValid) throw new Error(`provider ${settings.id} report: signature ${check.why}`);
    const report = zReport.parse(JSON.parse(text));
    return report.transactions.map((line): ReportTransaction => ({
      transactionId: line.transactionId,
      kind: line.kind,
      roundId: line.roundId,
      playerId: line.playerId,
      amountPaise: line.amount,
    }));
  },
};

export function adapterOf(settings: ProviderSettings): ProviderAdapter {
  switch (settings.adapter) {
    case 'mayur-seamless':
      return mayurSeamlessAdapter;
  }
}
