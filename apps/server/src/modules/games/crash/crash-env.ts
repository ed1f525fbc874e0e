import { z } from 'zod';
import { wholeNumber } from '../../../platform/env-fields.ts';

export type CrashSettings = {
  /** Bets waiting in one room's queue on one node beyond which new bets are refused with BUSY. */
  betQueueLimit: number;
};

export const crashEnv = z
  .object({ CRASH_BET_QUEUE_LIMIT: wholeNumber(5_000, { atLeast: 1 }) })
  .transform((fields): CrashSettings => ({ betQueueLimit: fields.CRASH_BET_QUEUE_LIMIT }));
