import type { ResourceKey } from 'i18next';
import type { Locale } from './languages.ts';
import type { Namespace } from './namespaces.ts';

// One lazily loaded chunk per locale and namespace: a player downloads only the language they use, and
// of it only what the screens they open need. This module has no dependencies of its own, so the entry
// script can start fetching the player's `common` texts before the app's code has arrived.
const namespaceLoaders = import.meta.glob<{ default: ResourceKey }>('./locales/*/*.json');

/**
 * The messages of one locale's namespace; undefined when no such file exists. Asking twice fetches once:
 * the browser keeps each imported module.
 */
export function loadNamespace(locale: string, namespace: Namespace | string): Promise<ResourceKey> | undefined {
  const load = namespaceLoaders[`./locales/${locale}/${namespace}.json`];
  return load?.().then((module) => module.default);
}

/** Starts fetching namespaces without waiting for them; a failure is reported later, by whoever reads them. */
export function prefetchNamespaces(locale: Locale, namespaces: readonly Namespace[]): void {
  for (const namespace of namespaces) loadNamespace(locale, namespace)?.catch(() => undefined);
}
