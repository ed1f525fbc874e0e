import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_MESSAGES } from '@mayur/rules/errors';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, PICKER_LANGUAGES } from './languages.ts';
import { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from './namespaces.ts';

type Messages = { [key: string]: string | Messages };

/** The namespace that holds `errors.*`: the one loaded at start, so any refusal can be shown anywhere. */
const ERRORS_NAMESPACE: Namespace = DEFAULT_NAMESPACE;

function localeDir(locale: string): string {
  return fileURLToPath(new URL(`./locales/${locale}/`, import.meta.url));
}

function readNamespace(locale: string, namespace: string): Messages {
  return JSON.parse(readFileSync(`${localeDir(locale)}${namespace}.json`, 'utf8')) as Messages;
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

const reference = new Map(NAMESPACES.map((namespace) => [namespace, new Map(flatten(readNamespace(DEFAULT_LOCALE, namespace)))]));
const referenceErrors = reference.get(ERRORS_NAMESPACE)!;

describe('locale files', () => {
  it('offers the eight picker languages, all with a locale folder', () => {
    expect(PICKER_LANGUAGES.map((language) => language.locale)).toEqual(['en-US', 'ar', 'fr', 'pt', 'es', 'vi', 'si', 'hi']);
    for (const { locale } of PICKER_LANGUAGES) expect(LOCALES).toContain(locale);
  });

  it('has one folder per locale and nothing else', () => {
    const folders = readdirSync(fileURLToPath(new URL('./locales/', import.meta.url)));
    expect(folders.sort()).toEqual([...LOCALES].sort());
  });

  it('keeps each top-level group of keys in exactly one namespace', () => {
    const owners = new Map<string, string[]>();
    for (const namespace of NAMESPACES) {
      for (const group of Object.keys(readNamespace(DEFAULT_LOCALE, namespace)))
        owners.set(group, [...(owners.get(group) ?? []), namespace]);
    }
    const shared = [...owners].filter(([, namespaces]) => namespaces.length > 1);
    expect(shared).toEqual([]);
  });

  it('translates every contracts error code in the namespace loaded at start', () => {
    for (const code of Object.keys(ERROR_MESSAGES))
      expect(referenceErrors.get(`errors.${code}`), code).toEqual(expect.any(String));
    for (const namespace of NAMESPACES.filter((name) => name !== ERRORS_NAMESPACE)) {
      expect(Object.keys(readNamespace(DEFAULT_LOCALE, namespace)), namespace).not.toContain('errors');
    }
  });

  it('keeps the English error messages of the contracts', () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) expect(referenceErrors.get(`errors.${code}`)).toBe(message);
  });

  describe.each(LOCALES)('%s', (locale) => {
    it('has exactly the namespace files of the app', () => {
      const files = readdirSync(localeDir(locale)).map((file) => file.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...NAMESPACES].sort());
    });

    describe.each(NAMESPACES)('%s', (namespace) => {
      const english = reference.get(namespace)!;
      const messages = new Map(flatten(readNamespace(locale, namespace)));

      it('has exactly the keys of en-US', () => {
        expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('has no empty or non-text values', () => {
        for (const [key, value] of messages) {
          expect(typeof value, key).toBe('string');
          expect((value as string).trim(), key).not.toBe('');
        }
      });

      it('keeps every interpolation placeholder of en-US', () => {
        for (const [key, value] of messages) {
          const englishText = english.get(key);
          if (typeof englishText !== 'string' || typeof value !== 'string') continue;
          expect(placeholders(value), key).toEqual(placeholders(englishText));
        }
      });
    });
  });

  describe.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('%s', (locale) => {
    it.each(NAMESPACES)('translates %s rather than copying it from English', (namespace) => {
      const messages = new Map(flatten(readNamespace(locale, namespace)));
      const longTexts = [...reference.get(namespace)!].filter(
        ([key, english]) => typeof english === 'string' && english.length > 40 && !key.startsWith('home.banner.position'),
      );
      const copied = longTexts.filter(([key, english]) => messages.get(key) === english).map(([key]) => key);
      expect(copied).toEqual([]);
    });
  });
});
