import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../lib/storage-keys.ts';
import { storedLocale, textDirectionOf, type Locale } from './languages.ts';
import { loadNamespace } from './load-namespace.ts';
import { DEFAULT_NAMESPACE, type Namespace } from './namespaces.ts';

/** An i18next backend that reads `locales/<locale>/<namespace>.json` through Vite's dynamic imports. */
const bundledLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const messages = loadNamespace(language, namespace);
    if (!messages) {
      callback(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    messages.then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirectionOf(locale);
  // Hindi and Sinhala bring their script's font, fetched only for them (script-fonts.ts).
  if (locale === 'hi' || locale === 'si') {
    void import('./script-fonts.ts').then((fonts) => fonts.addScriptFont(locale)).catch(() => undefined);
  }
}

/** Loads the stored locale's common messages and configures i18next; call once before the first render. */
export async function startI18n(): Promise<void> {
  const locale = storedLocale();
  await i18next
    .use(bundledLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      // Every locale carries every key (locales.test.ts), so there is no fallback language to download.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      // A feature's screen also reads shared keys (titles, buttons, errors) without naming `common`.
      fallbackNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      // useTranslation(['mine', 'wallet']) reads keys from every namespace it names, not only the first.
      react: { nsMode: 'fallback' },
    });
  applyDocumentLanguage(locale);
}

/**
 * Loads a screen's code together with its namespaces, in parallel, so that a lazily loaded route does
 * not wait for its code and then for its texts.
 */
export async function withNamespaces<Module>(namespaces: readonly Namespace[], loadModule: Promise<Module>): Promise<Module> {
  const [module] = await Promise.all([loadModule, i18next.loadNamespaces([...namespaces])]);
  return module;
}

/** Stores the choice and reloads, as the spec asks, so every screen starts in the new language. */
export function chooseLocale(locale: Locale): void {
  storage.set(STORAGE_KEYS.language, locale);
  window.location.reload();
}

export { i18next as i18n, storedLocale };
