import { z } from 'zod';
import { parseHelpOrganisations, type THelpOrganisation } from '@mayur/contracts';
import { refuse } from '../../platform/env-fields.ts';

export const protectionEnv = z
  .object({
    /** Responsible-gaming help organisations (JSON); empty: the app shows its own list. */
    RG_HELP_ORGANISATIONS: z
      .string()
      .optional()
      .transform((value, ctx): THelpOrganisation[] => {
        const parsed = parseHelpOrganisations(value);
        if (typeof parsed === 'string')
          return refuse(ctx, `must be a JSON list of {name, phone?, url?, email?, description?}: ${parsed}`);
        return parsed;
      }),
  })
  .transform((fields) => ({ helpOrganisations: fields.RG_HELP_ORGANISATIONS }));
