// First, so the global styles come before every component's, and with the app rather than the entry
// script: Vite applies them before this module runs, and they hold up no paint before any script has.
import '../shared/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from '../shared/i18n/i18n.ts';
import { captureInstallPrompt } from '../shared/lib/install-prompt.ts';
import { App } from './app.tsx';
import { loadFirstScreen } from './routes.tsx';
import { registerServiceWorker } from './service-worker.ts';
import { captureHandoverToken, exchangeHandoverToken } from './token-handover.ts';

/** Configures i18n with the player's `common` texts and renders the app into #root. */
export async function startApp(): Promise<void> {
  captureInstallPrompt();
  // Before the router reads the address, so the token never reaches a screen or the history.
  const handoverToken = captureHandoverToken();
  await startI18n();
  // A screen players open directly renders in the app's first paint rather than after a loading
  // indicator (app/routes.tsx); the server sent its files with the page. After i18n has started, as
  // the screen's texts load with it. A failure is the screen's to report when it renders.
  await loadFirstScreen(window.location.pathname).catch(() => undefined);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // Preact (vite.config.ts) renders the first screen in one task: its `startTransition` only calls the
  // function. Under React, the transition would render it in slices, yielding to the browser between them.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  if (handoverToken) void exchangeHandoverToken(handoverToken);
  registerServiceWorker();
}
