import type { Clock } from '../../../platform/clock.ts';
import type { PaymentsConfig } from '../payments-env.ts';
import { createHmacGateway } from './hmac-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxGateway } from './sandbox-gateway.ts';

export function createGateway(config: PaymentsConfig, clock: Clock): PaymentGateway {
  return config.gateway === 'gateway-hmac' ? createHmacGateway(config, clock) : createSandboxGateway(config);
}
