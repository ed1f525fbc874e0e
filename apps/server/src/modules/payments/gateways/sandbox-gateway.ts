import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentsConfig } from '../payments-env.ts';
import type { PaymentGateway } from './payment-gateway.ts';

// The default gateway: a local payment page (sandbox-page.ts) where the player presses Pay or Fail,
// after which the page sends a signed callback exactly as a real gateway would. Payouts succeed at
// once. It credits money nobody paid, so the configuration refuses it in production.

export function sandboxPageToken(secret: string, orderNo: string): string {
  return createHmac('sha256', secret).update(`sandbox-page:${orderNo}`).digest('hex');
}

export function isSandboxPageToken(secret: string, orderNo: string, token: unknown): boolean {
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) return false;
  return timingSafeEqual(Buffer.from(sandboxPageToken(secret, orderNo), 'hex'), Buffer.from(token, 'hex'));
}

export function createSandboxGateway(config: PaymentsConfig): PaymentGateway {
  return {
    name: 'sandbox',
    callbackSecret: config.sandboxSecret,
    async startDeposit(order) {
      return { payUrl: `/sandbox-pay/${order.orderNo}?t=${sandboxPageToken(config.sandboxSecret, order.orderNo)}` };
    },
    async sendPayout(request) {
      return { status: 'paid', providerReference: `SBX-${request.withdrawNo}` };
    },
  };
}
