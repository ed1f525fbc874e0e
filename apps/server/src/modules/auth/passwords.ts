import { hash, verify } from '@node-rs/argon2';

// Argon2id; the package's const enum cannot be imported under isolated modules.
const ARGON2ID = 2;
import type { Config } from '../../platform/config.ts';

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, so an unknown account cannot be told from a wrong password. */
  verifyAgainstDummy(password: string): Promise<void>;
};

export function createPasswordHasher(settings: Config['argon2']): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: settings.memoryCostKib, timeCost: settings.timeCost, parallelism: 1 };
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    async verifyAgainstDummy(password) {
      dummyHash ??= hash('dummy password for timing', options);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
