import { describe, expect, it } from 'vitest';
import { parseSupportEmailChannel, parseTelegramChannel, parseWhatsAppChannel, ZSupportChannel } from './support.ts';

// The operator writes a contact channel the way people write them; the app needs one link it can open.

describe('parseTelegramChannel', () => {
  it('reads a handle with or without @ and a t.me or telegram.me link', () => {
    for (const setting of [
      '@mayur_help',
      'mayur_help',
      't.me/mayur_help',
      'https://t.me/mayur_help/',
      'http://telegram.me/mayur_help',
    ])
      expect(parseTelegramChannel(setting)).toEqual({ kind: 'telegram', label: '@mayur_help', url: 'https://t.me/mayur_help' });
  });

  it('reads a private invitation link', () => {
    expect(parseTelegramChannel('https://t.me/+AbCdEf123456')).toEqual({
      kind: 'telegram',
      label: 't.me/+AbCdEf123456',
      url: 'https://t.me/+AbCdEf123456',
    });
  });

  it('refuses what is not a Telegram username or link', () => {
    for (const setting of [
      '@abc',
      '1mayur',
      'mayur help',
      'https://example.com/mayur_help',
      'javascript:alert(1)',
      '+AbCdEf123456',
    ])
      expect(parseTelegramChannel(setting)).toBeNull();
  });
});

describe('parseWhatsAppChannel', () => {
  it('reads an international number written with spaces, dashes or brackets, and a wa.me link', () => {
    for (const setting of ['+91 98765 43210', '919876543210', '+91 (98765) 432-10', 'https://wa.me/919876543210'])
      expect(parseWhatsAppChannel(setting)).toEqual({
        kind: 'whatsapp',
        label: '+919876543210',
        url: 'https://wa.me/919876543210',
      });
  });

  it('refuses short, long, zero-led or lettered numbers', () => {
    for (const setting of ['98765', '+1234567890123456', '0919876543210', '+91 98765 abcde', 'wa.me/abc'])
      expect(parseWhatsAppChannel(setting)).toBeNull();
  });
});

describe('parseSupportEmailChannel', () => {
  it('reads an address, with or without mailto:', () => {
    expect(parseSupportEmailChannel(' mailto:help@mayur.example ')).toEqual({
      kind: 'email',
      label: 'help@mayur.example',
      url: 'mailto:help@mayur.example',
    });
  });

  it('refuses what a mailto link would read differently or is no address', () => {
    for (const setting of [
      'help',
      'help@mayur',
      'help@@mayur.example',
      'help@mayur.example?cc=x@y.z',
      'a b@mayur.example',
      `${'a'.repeat(250)}@b.cd`,
    ])
      expect(parseSupportEmailChannel(setting)).toBeNull();
  });
});

describe('ZSupportChannel', () => {
  it('accepts only links of the channel kind, so a response cannot make the app open anything else', () => {
    expect(ZSupportChannel.safeParse({ kind: 'telegram', label: 'x', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(ZSupportChannel.safeParse({ kind: 'whatsapp', label: 'x', url: 'https://t.me/mayur_help' }).success).toBe(false);
    expect(ZSupportChannel.safeParse({ kind: 'email', label: 'x', url: 'mailto:help@mayur.example' }).success).toBe(true);
  });
});
