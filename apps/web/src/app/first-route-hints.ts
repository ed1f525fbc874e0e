import { BANNER_IMAGES } from '../features/home/home-screen/banner-images.ts';
import type { Locale } from '../shared/i18n/languages.ts';
import { prefetchNamespaces } from '../shared/i18n/load-namespace.ts';
import { DIRECT_SCREEN_FILES_ID, DIRECT_SCREENS, type DirectScreen, type DirectScreenFiles } from './direct-screens.ts';

/**
 * Starts fetching what the first screen paints before the app's code has arrived to render it: for
 * home, the banner's first image (its largest paint, otherwise requested only after the first render);
 * for a screen players open directly, its code, styles and texts, which would otherwise wait for the
 * app to run and render a route that then loads them. Nothing here runs the screen's code: module
 * preloads only fetch and compile, so the app still starts in its own steps (see main.tsx).
 */
export function hintFirstRoute(pathname: string, locale: Locale): void {
  if (pathname === '/') preload(BANNER_IMAGES[0], 'image');
  const screen = Object.values<DirectScreen>(DIRECT_SCREENS).find((candidate) => candidate.paths.includes(pathname));
  if (!screen) return;
  prefetchNamespaces(locale, screen.namespaces);
  for (const file of directScreenFiles()[pathname] ?? []) preload(file, file.endsWith('.css') ? 'style' : 'script');
}

/**
 * What vite.config.ts wrote into index.html: the built files of each direct screen's path. The server
 * sent them with the page already (a Link header); the page may also come from the service worker's
 * cache, or from a server without them, and the browser fetches a file only once either way.
 */
function directScreenFiles(): Record<string, string[]> {
  try {
    const listed = JSON.parse(document.getElementById(DIRECT_SCREEN_FILES_ID)?.textContent ?? '{}') as Partial<DirectScreenFiles>;
    return listed.screens ?? {};
  } catch {
    return {};
  }
}

function preload(href: string, as: 'image' | 'style' | 'script'): void {
  const link = document.createElement('link');
  if (as === 'script') {
    link.rel = 'modulepreload';
  } else {
    link.rel = 'preload';
    link.as = as;
  }
  // Module scripts and the styles Vite adds for a lazy chunk are fetched in CORS mode; a preload must
  // match for the browser to reuse it.
  if (as !== 'image') link.crossOrigin = '';
  if (as === 'image') link.fetchPriority = 'high';
  link.href = href;
  document.head.append(link);
}
