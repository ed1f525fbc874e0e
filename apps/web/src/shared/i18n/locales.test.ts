import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_MESSAGES } from '@mayur/contracts/errors';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, PICKER_LANGUAGES } from './languages.ts';

type Messages = { [key: string]: string | Messages };

function readLocale(locale: string): Messages {
  const path = fileURLToPath(new URL(`./locales/${locale}.json`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as Messages;
}

/** Every leaf as [dotted key, value]. */
function flatten(messages: Messages, prefix = ''): Array<[string, unknown]> {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? flatten(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort();
}

const reference = new Map(flatten(readLocale(DEFAULT_LOCALE)));

describe('locale files', () => {
  it('offers the eight picker languages, all with a locale file', () => {
    expect(PICKER_LANGUAGES.map((language) => language.locale)).toEqual(['en-US', 'ar', 'fr', 'pt', 'es', 'vi', 'si', 'hi']);
    for (const { locale } of PICKER_LANGUAGES) expect(LOCALES).toContain(locale);
  });

  it('translates every contracts error code', () => {
    for (const code of Object.keys(ERROR_MESSAGES)) expect(reference.get(`errors.${code}`), code).toEqual(expect.any(String));
  });

  it('keeps the English error messages of the contracts', () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) expect(reference.get(`errors.${code}`)).toBe(message);
  });

  describe.each(LOCALES)('%s', (locale) => {
    const messages = new Map(flatten(readLocale(locale)));

    it('has exactly the keys of en-US', () => {
      expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
    });

    it('has no empty or non-text values', () => {
      for (const [key, value] of messages) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
      }
    });

    it('keeps every interpolation placeholder of en-US', () => {
      for (const [key, value] of messages) {
        const english = reference.get(key);
        if (typeof english !== 'string' || typeof value !== 'string') continue;
        expect(placeholders(value), key).toEqual(placeholders(english));
      }
    });
  });

  describe.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('%s', (locale) => {
    it('is translated rather than copied from English', () => {
      const messages = new Map(flatten(readLocale(locale)));
      const longTexts = [...reference].filter(
        ([key, english]) => typeof english === 'string' && english.length > 40 && !key.startsWith('home.banner.position'),
      );
      const copied = longTexts.filter(([key, english]) => messages.get(key) === english).map(([key]) => key);
      expect(copied).toEqual([]);
    });
  });
});
