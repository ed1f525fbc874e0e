import { z } from 'zod';
import { parseSupportEmailChannel, parseTelegramChannel, parseWhatsAppChannel, type TSupportChannel } from '@mayur/contracts';
import { refuse } from '../../platform/env-fields.ts';

/** The operator's contact channels shown on /support; each is absent when its setting is unset. */
export type SupportSettings = {
  telegram: TSupportChannel | undefined;
  whatsapp: TSupportChannel | undefined;
  email: TSupportChannel | undefined;
};

/** An optional contact channel: unset or blank is absent, anything the parser cannot read stops the start. */
function channel(parse: (setting: string) => TSupportChannel | null, expected: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      return parse(value) ?? refuse(ctx, `must be ${expected}, got "${value}"`);
    });
}

export const supportEnv = z
  .object({
    SUPPORT_TELEGRAM: channel(parseTelegramChannel, 'a Telegram username (@name) or a t.me link'),
    SUPPORT_WHATSAPP: channel(parseWhatsAppChannel, 'a WhatsApp number in international form (+91 98765 43210) or a wa.me link'),
    SUPPORT_EMAIL: channel(parseSupportEmailChannel, 'an e-mail address'),
  })
  .transform((fields): SupportSettings => ({
    telegram: fields.SUPPORT_TELEGRAM,
    whatsapp: fields.SUPPORT_WHATSAPP,
    email: fields.SUPPORT_EMAIL,
  }));
