import { formatMoney } from '@mayur/rules/money';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock.ts';
import type { PaymentsConfig } from '../payments-env.ts';
import { signedHeaders, verifySignature } from '../../../platform/http/hmac-signature.ts';
import { callbackUrl, GatewayError, type PaymentGateway, type PayoutResult } from './payment-gateway.ts';

// `gateway-hmac`: a generic UPI/bank gateway. We POST signed JSON to `<GATEWAY_URL>/orders` (→ the
// page the player is redirected to) and `<GATEWAY_URL>/payouts` (→ paid, failed or pending); its
// answers and its callbacks are signed with the same shared secret and checked before we act on them.

const REQUEST_TIMEOUT_MS = 15_000;

const ZOrderReply = z.object({ payUrl: z.string().regex(/^https?:\/\/\S{1,2000}$/) });
const ZPayoutReply = z.object({
  status: z.enum(['paid', 'failed', 'pending']),
  reference: z.string().max(100).optional(),
  reason: z.string().max(300).optional(),
});

export function createHmacGateway(config: PaymentsConfig, clock: Clock): PaymentGateway {
  const { url, merchantId, secret } = config.gatewayHmac;

  async function post<T>(path: string, payload: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
    const body = JSON.stringify({ merchantId, ...payload });
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: signedHeaders(secret, clock.now().getTime(), body),
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError(`gateway ${path} unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new GatewayError(`gateway ${path} answered HTTP ${response.status}`);
    const headers = Object.fromEntries(response.headers.entries());
    const check = verifySignature(secret, headers, text, clock.now().getTime(), config.callbackToleranceMs);
    if (!check.isValid) throw new GatewayError(`gateway ${path} answer has a bad signature (${check.why})`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new GatewayError(`gateway ${path} answer is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new GatewayError(`gateway ${path} answer has an unexpected shape`);
    return parsed.data;
  }

  return {
    name: 'gateway-hmac',
    callbackSecret: secret,
    async startDeposit(order) {
      const reply = await post(
        '/orders',
        {
          orderNo: order.orderNo,
          amount: formatMoney(order.amountPaise),
          currency: 'INR',
          method: order.method,
          notifyUrl: callbackUrl(config),
          returnUrl: `${config.publicBaseUrl}/recharge_log`,
        },
        ZOrderReply,
      );
      return { payUrl: reply.payUrl };
    },
    async sendPayout(request): Promise<PayoutResult> {
      const reply = await post(
        '/payouts',
        {
          withdrawNo: request.withdrawNo,
          amount: formatMoney(request.amountPaise),
          currency: 'INR',
          method: request.kind,
          account: request.destination,
          notifyUrl: callbackUrl(config),
        },
        ZPayoutReply,
      );
      if (reply.status === 'failed') return { status: 'failed', reason: reply.reason ?? 'the gateway refused the payout' };
      return { status: reply.status, providerReference: reply.reference ?? null };
    },
  };
}
