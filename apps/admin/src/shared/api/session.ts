import type { TOperator } from '@mayur/contracts/admin';

// The operator's session lives in this tab only (sessionStorage): closing the tab signs out of the
// browser side, and the server ends it after 8 hours anyway. The token goes in the Authorization
// header, never in a cookie, so no other site can make the browser send it.

const KEY = 'mayur-admin-session';

export type StoredSession = { token: string; expiresAtMs: number; operator: TOperator };

export function readSession(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    return session.expiresAtMs > Date.now() ? session : null;
  } catch {
    return null;
  }
}

export function storeSession(session: StoredSession | null) {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
  window.dispatchEvent(new Event('mayur-admin-session'));
}
