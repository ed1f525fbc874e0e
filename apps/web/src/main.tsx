import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { captureHandoverToken, exchangeHandoverToken } from './app/token-handover.ts';
import { startI18n } from './shared/i18n/i18n.ts';
import { captureInstallPrompt } from './shared/lib/install-prompt.ts';
import './shared/styles/global.css';

async function start(): Promise<void> {
  captureInstallPrompt();
  // Before the router reads the address, so the token never reaches a screen or the history.
  const handoverToken = captureHandoverToken();
  await startI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (handoverToken) void exchangeHandoverToken(handoverToken);
  registerServiceWorker();
}

void start();
