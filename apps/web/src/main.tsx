import { hintFirstRoute } from './app/first-route-hints.ts';
import { storedLocale } from './shared/i18n/languages.ts';
import { prefetchNamespaces } from './shared/i18n/load-namespace.ts';
import { DEFAULT_NAMESPACE } from './shared/i18n/namespaces.ts';

// The entry script is deliberately tiny. It starts fetching the player's `common` texts at once, while
// the app's code (preloaded by index.html, see vite.config.ts) is still on its way, so the first render
// does not wait for one more round trip after the code has arrived and run.
const locale = storedLocale();
prefetchNamespaces(locale, [DEFAULT_NAMESPACE]);
// A task later, so the texts' request (made in a microtask by Vite's dynamic import) goes out first.
setTimeout(() => hintFirstRoute(window.location.pathname, locale), 0);

/** Lets the browser paint and handle input before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // The libraries (React, the router, i18next) are one chunk and the app another; running them in two
  // tasks keeps a slow phone's main thread from being blocked by both at once.
  await import('react-dom/client');
  await nextTask();
  const { startApp } = await import('./app/start-app.tsx');
  await nextTask();
  await startApp();
}

void start();
