import type { PaymentGatewayName } from './config.ts';

// What the context offers use cases for taking bank/UPI deposits and sending payouts (DESIGN.md §8).
// The platform names the port; modules/payments/gateways implements it (sandbox, gateway-hmac), so
// the platform never imports a module.

export type DepositStart = { orderNo: string; amountPaise: bigint; method: 'upi' | 'bank' };

export type PayoutRequest = {
  withdrawNo: string;
  amountPaise: bigint;
  kind: 'bank' | 'upi';
  destination: Record<string, string | null>;
};

export type PayoutResult =
  | { status: 'paid'; providerReference: string | null }
  | { status: 'failed'; reason: string }
  /** Accepted; the final result arrives later as a signed callback. */
  | { status: 'pending'; providerReference: string | null };

export type PaymentGateway = {
  name: PaymentGatewayName;
  /** The key its callbacks are signed with. */
  callbackSecret: string;
  startDeposit(order: DepositStart): Promise<{ payUrl: string }>;
  sendPayout(request: PayoutRequest): Promise<PayoutResult>;
};
