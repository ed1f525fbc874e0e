import { z } from 'zod';
import { flag, wholeNumber } from '../../platform/env-fields.ts';

// Who may register, how long a session lives, and what a password hash costs.

export type AuthSettings = {
  registration: { isOpen: boolean; isInvitationCodeRequired: boolean };
  sessionTtlMs: number;
  /** argon2id's cost; the defaults are also the minimums. */
  argon2: { memoryCostKib: number; timeCost: number };
};

export const authEnv = z
  .object({
    REGISTRATION_OPEN: flag(true),
    INVITATION_CODE_REQUIRED: flag(false),
    SESSION_TTL_HOURS: wholeNumber(24 * 30),
    ARGON2_MEMORY_KIB: wholeNumber(19_456, { atLeast: 19_456 }),
    ARGON2_TIME_COST: wholeNumber(2, { atLeast: 2 }),
  })
  .transform((fields): AuthSettings => ({
    registration: { isOpen: fields.REGISTRATION_OPEN, isInvitationCodeRequired: fields.INVITATION_CODE_REQUIRED },
    sessionTtlMs: fields.SESSION_TTL_HOURS * 3_600_000,
    argon2: { memoryCostKib: fields.ARGON2_MEMORY_KIB, timeCost: fields.ARGON2_TIME_COST },
  }));
