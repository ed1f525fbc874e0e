/**
 * The translation namespaces, one JSON file each per locale (`locales/<locale>/<namespace>.json`).
 * `common` is loaded before the first render and holds what the home route, the layouts, the
 * navigation, dialogs and every error message need; the others arrive with the screens that use them,
 * so the home route does not carry the policies' long texts (DESIGN.md §10: home ≤ 130 KB gzip).
 * Each top-level group of keys ("auth", "mine", …) lives in exactly one namespace.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'mine',
  'policy',
  'wallet',
  'lottery',
  'fairness',
  'crash',
  'bank',
  'cash',
  'agent',
  'support',
  'complaints',
  'protection',
  'third-games',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';
