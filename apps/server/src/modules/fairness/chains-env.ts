import { z } from 'zod';
import { wholeNumber } from '../../platform/env-fields.ts';

export type ChainSettings = {
  /**
   * Rounds per hash chain, in every room of every game; a new chain is generated and committed when
   * one is used up. Its variable, LOTTERY_CHAIN_LENGTH, is named from when only the lottery had chains.
   */
  roundsPerChain: number;
};

export const chainsEnv = z
  .object({ LOTTERY_CHAIN_LENGTH: wholeNumber(10_000, { atLeast: 10 }) })
  .transform((fields): ChainSettings => ({ roundsPerChain: fields.LOTTERY_CHAIN_LENGTH }));
