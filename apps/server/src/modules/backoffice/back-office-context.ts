import type { AppContext } from '../../platform/context.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { TotpKey } from './totp.ts';

/** What the back office's use cases need beyond the app's context: the argon2id hasher and the TOTP sealing key. */
export type BackOfficeContext = { app: AppContext; hasher: PasswordHasher; totpKey: TotpKey };
