import { z } from 'zod';
import { hundredths } from '../../platform/env-fields.ts';

export const bonusWageringEnv = z
  .object({
    /**
     * Bets needed before promotional bonus can be exchanged to cash, as hundredths of the bonus
     * credited (100 = bets of 1× the bonus); 0 turns the requirement off (decision 0009).
     */
    BONUS_WAGERING_MULTIPLIER: hundredths(100n),
  })
  .transform((fields) => ({ bonusWageringMultiplierX100: fields.BONUS_WAGERING_MULTIPLIER }));
