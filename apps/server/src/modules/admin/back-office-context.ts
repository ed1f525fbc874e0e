import type { AppContext } from '../../platform/context.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { TotpKey } from './totp.ts';

import type { GateRequest } from './admin-gate.ts';

/**
 * What the back office's use cases need beyond the app's context: the argon2id hasher, the TOTP
 * sealing key, and how a request's address is read (through the configured proxies only, admin-gate.ts).
 */
export type BackOfficeContext = {
  app: AppContext;
  hasher: PasswordHasher;
  totpKey: TotpKey;
  addressOf: (request: GateRequest) => string;
};
