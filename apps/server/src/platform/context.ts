import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { CodeDelivery } from './code-delivery-port.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { PaymentGateway } from './payment-gateway-port.ts';
import type { SessionCache } from './http/session-cache.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';

/** What every use case may depend on; built once at start and passed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  log: Logger;
  clock: Clock;
  limiter: RateLimiter;
  codeDelivery: CodeDelivery;
  /** The bank/UPI payment gateway of the configuration (sandbox or gateway-hmac). */
  gateway: PaymentGateway;
  /**
   * This node's memory of live sessions (decision 0017). A context built by hand (a benchmark, a CLI)
   * has none and reads the database on every request.
   */
  sessionCache?: SessionCache;
};
