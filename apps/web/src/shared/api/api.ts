import { notify } from '../ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { afterFirstScreenPaint } from '../lib/first-screen-paint.ts';
import { createApiClient } from './api-client.ts';
import { loadingStore } from './loading-store.ts';
import { refusalMessage } from './refusal-message.ts';
import { session } from './session.ts';

export const API_BASE: string = import.meta.env.VITE_API_BASE || '/api';
export const REQUEST_TIMEOUT_MS = 15_000;

type UnauthorizedHandler = () => void;

// The router registers how to reach the login screen; until it has, a full page load does it.
let unauthorizedHandler: UnauthorizedHandler = () => window.location.assign('/login');

export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = () => window.location.assign('/login');
  };
}

export const api = createApiClient({
  baseUrl: API_BASE,
  // A screen's first reads go out once it has painted (shared/lib/first-screen-paint.ts).
  fetch: (input, init) => afterFirstScreenPaint().then(() => window.fetch(input, init)),
  timeoutMs: REQUEST_TIMEOUT_MS,
  getToken: session.getToken,
  onUnauthorized: () => {
    session.signOut();
    unauthorizedHandler();
  },
  notifyError: (code, message) => {
    notify.error(message, { id: code });
  },
  translateError: (code, fallback, details) =>
    refusalMessage(code, fallback, details, (key, options) => i18n.t(key, options), i18n.language),
  loading: loadingStore,
});
