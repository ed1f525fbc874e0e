import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../lib/storage-keys.ts';
import { DEFAULT_LOCALE, isLocale, textDirectionOf, type Locale } from './languages.ts';

type Messages = { [key: string]: string | Messages };

// One lazily loaded chunk per locale: a player downloads only the language they use.
const localeLoaders = import.meta.glob<Messages>('./locales/*.json', { import: 'default' });

export function storedLocale(): Locale {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirectionOf(locale);
}

/** Loads the stored locale's messages and configures i18next; call once before the first render. */
export async function startI18n(): Promise<void> {
  const locale = storedLocale();
  const load = localeLoaders[`./locales/${locale}.json`] ?? localeLoaders[`./locales/${DEFAULT_LOCALE}.json`];
  const messages = load ? await load() : {};
  await i18next.use(initReactI18next).init({
    lng: locale,
    // Every locale file carries every key (locales.test.ts), so there is no fallback to download.
    fallbackLng: false,
    load: 'currentOnly',
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(locale);
}

/** Stores the choice and reloads, as the spec asks, so every screen starts in the new language. */
export function chooseLocale(locale: Locale): void {
  storage.set(STORAGE_KEYS.language, locale);
  window.location.reload();
}

export { i18next as i18n };
