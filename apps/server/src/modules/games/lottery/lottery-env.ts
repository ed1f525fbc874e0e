import { z } from 'zod';
import { rupees } from '../../../platform/env-fields.ts';

export type LotterySettings = {
  /** The most one bet may stake in the lottery rooms. */
  maxBetPaise: bigint;
};

export const lotteryEnv = z
  .object({ LOTTERY_MAX_BET_RUPEES: rupees(100_000) })
  .transform((fields): LotterySettings => ({ maxBetPaise: fields.LOTTERY_MAX_BET_RUPEES }));
