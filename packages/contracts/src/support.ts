import { z } from 'zod';
import { zContentLang } from './content.ts';

// The operator's contact channels shown on /support. The operator sets each one (or none) in the
// server's environment; the rules that read a setting live here, beside the schema of what the app
// receives, so that the server refuses at start what the app could not open as a link.

export const SUPPORT_CHANNEL_KINDS = ['telegram', 'whatsapp', 'email'] as const;
export type TSupportChannelKind = (typeof SUPPORT_CHANNEL_KINDS)[number];

/**
 * One channel as the app shows it: `label` is what the player reads (@handle, +number, address),
 * `url` what opening it does. Each kind's address has one fixed scheme and host, so a response can
 * never make the app open a `javascript:` or foreign link.
 */
export const ZSupportChannel = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('telegram'),
    label: z.string().min(1),
    url: z.string().regex(/^https:\/\/t\.me\/[A-Za-z0-9_+-]+$/),
  }),
  z.object({ kind: z.literal('whatsapp'), label: z.string().min(1), url: z.string().regex(/^https:\/\/wa\.me\/[1-9]\d{6,14}$/) }),
  z.object({ kind: z.literal('email'), label: z.string().min(1), url: z.string().regex(/^mailto:[^\s@]+@[^\s@]+$/) }),
]);
export type TSupportChannel = z.infer<typeof ZSupportChannel>;

/** The channels the operator has set, in a fixed order (Telegram, WhatsApp, e-mail); unset ones are absent. */
export const ZSupportChannelsResponse = z.object({ channels: z.array(ZSupportChannel) });
/** `lang`: the app's language; contacts an operator set for it replace those for every language. */
export const ZSupportChannelsRequest = z.object({ lang: zContentLang });
export type TSupportChannelsResponse = z.infer<typeof ZSupportChannelsResponse>;

// A Telegram username: 5–32 letters, digits or underscores, starting with a letter.
const TELEGRAM_USERNAME = /^[A-Za-z][A-Za-z0-9_]{4,31}$/;
// A private invitation link's code (t.me/+code).
const TELEGRAM_INVITE = /^\+[A-Za-z0-9_-]{10,64}$/;
const TELEGRAM_LINK = /^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/(.+?)\/?$/i;

/** `@name`, `name`, `t.me/name`, `https://t.me/name` or an invitation `https://t.me/+code`; null when it is none of these. */
export function parseTelegramChannel(setting: string): TSupportChannel | null {
  const text = setting.trim();
  const linked = TELEGRAM_LINK.exec(text)?.[1];
  const handle = linked ?? text.replace(/^@/, '');
  if (TELEGRAM_INVITE.test(handle) && linked !== undefined)
    return { kind: 'telegram', label: `t.me/${handle}`, url: `https://t.me/${handle}` };
  if (!TELEGRAM_USERNAME.test(handle)) return null;
  return { kind: 'telegram', label: `@${handle}`, url: `https://t.me/${handle}` };
}

const WHATSAPP_LINK = /^(?:https?:\/\/)?wa\.me\/(\d+)\/?$/i;

/**
 * A number in international form (`+91 98765 43210`, `919876543210`) or a `wa.me` link; null otherwise.
 * wa.me takes the full number, country code first, digits only: 7 to 15 digits, the first not 0.
 */
export function parseWhatsAppChannel(setting: string): TSupportChannel | null {
  const text = setting.trim();
  const linked = WHATSAPP_LINK.exec(text)?.[1];
  const isNumberText = /^\+?[\d\s().-]+$/.test(text);
  if (linked === undefined && !isNumberText) return null;
  const digits = linked ?? text.replace(/\D/g, '');
  if (!/^[1-9]\d{6,14}$/.test(digits)) return null;
  return { kind: 'whatsapp', label: `+${digits}`, url: `https://wa.me/${digits}` };
}

// Deliberately plain: one @, no spaces or characters that would end a mailto address, a dotted domain.
const EMAIL_ADDRESS =
  /^[^\s@<>"(),;:?&=/\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** An e-mail address (254 characters at most), or `mailto:` followed by one; null otherwise. */
export function parseSupportEmailChannel(setting: string): TSupportChannel | null {
  const address = setting.trim().replace(/^mailto:/i, '');
  if (address.length > 254 || !EMAIL_ADDRESS.test(address)) return null;
  return { kind: 'email', label: address, url: `mailto:${address}` };
}
