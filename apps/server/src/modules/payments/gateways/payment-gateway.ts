import { isIllFormedText } from '../../../platform/db/storable-json.ts';
import { parseCanonicalMoney } from '@mayur/rules/money';
import { z } from 'zod';
import type { PaymentGatewayName, PaymentsConfig } from '../payments-env.ts';
import type { DepositStart, PaymentGateway, PayoutRequest, PayoutResult } from '../../../platform/payment-gateway-port.ts';

// A payment gateway behind one interface (DESIGN.md §8): start a deposit (where the player pays),
// send a payout, and the secret its signed callbacks are checked with. The callback route and the
// posting rules are the same for every gateway; only these three differ.

export type { DepositStart, PaymentGateway, PayoutRequest, PayoutResult };

/** A gateway that did not answer, or answered with something we cannot trust. */
export class GatewayError extends Error {
  override name = 'GatewayError';
}

/**
 * A gateway's amount, parsed once, here, into paise: only the canonical two-decimal text ("500.00").
 * Anything the money parser would not give back exactly (leading zeros, a missing or third decimal,
 * a number, nothing at all) makes the whole event malformed, so no amount reaches the posting rules
 * uncompared.
 */
const ZGatewayAmount = z.unknown().transform((value, ctx) => {
  const paise = parseCanonicalMoney(value);
  if (paise === null) {
    ctx.addIssue({ code: 'custom', message: 'amount must be a two-decimal money amount such as "500.00"' });
    return z.NEVER;
  }
  return paise;
});

/** The body of a signed gateway callback: a deposit order or a payout reached a final state. */
/** An id events are told apart by: text PostgreSQL cannot store faithfully could make two ids one. */
const zWellFormedId = (maxLength: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(maxLength)
    .refine((text) => !isIllFormedText(text), { message: 'not well-formed text' });

export const ZGatewayEvent = z.object({
  eventId: zWellFormedId(100),
  type: z.enum(['deposit', 'payout']),
  /** Our order number (deposit) or withdrawal number (payout). */
  orderNo: zWellFormedId(40),
  status: z.enum(['paid', 'failed']),
  /** In paise. */
  amount: ZGatewayAmount,
  currency: z.string().min(1).max(8),
  reference: z.string().max(100).optional(),
  reason: z.string().max(300).optional(),
});
export type GatewayEvent = z.infer<typeof ZGatewayEvent>;

export function gatewayCallbackPath(name: PaymentGatewayName): string {
  return `/api/pay/callback/${name}`;
}

export function callbackUrl(config: PaymentsConfig): string {
  return `${config.publicBaseUrl}${gatewayCallbackPath(config.gateway)}`;
}
