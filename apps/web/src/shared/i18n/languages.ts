import { STORAGE_KEYS, storage } from '../lib/storage-keys.ts';

/** Every locale with a translation file (spec §1). */
export const LOCALES = ['en-US', 'ar', 'fr', 'pt', 'es', 'vi', 'si', 'hi', 'it', 'ru', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en-US';

/** The languages the picker offers, each named in its own language. Italian, Russian and Chinese exist but are not offered. */
export const PICKER_LANGUAGES: ReadonlyArray<{ locale: Locale; nativeName: string }> = [
  { locale: 'en-US', nativeName: 'English' },
  { locale: 'ar', nativeName: 'العربية' },
  { locale: 'fr', nativeName: 'Français' },
  { locale: 'pt', nativeName: 'Português' },
  { locale: 'es', nativeName: 'Español' },
  { locale: 'vi', nativeName: 'Tiếng Việt' },
  { locale: 'si', nativeName: 'සිංහල' },
  { locale: 'hi', nativeName: 'हिन्दी' },
];

const RIGHT_TO_LEFT_LOCALES: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirectionOf(locale: Locale): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT_LOCALES.has(locale) ? 'rtl' : 'ltr';
}

export function nativeNameOf(locale: Locale): string {
  return PICKER_LANGUAGES.find((language) => language.locale === locale)?.nativeName ?? locale;
}

/** The locale the player chose, or the default; read before anything else loads, to fetch its texts. */
export function storedLocale(): Locale {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}
