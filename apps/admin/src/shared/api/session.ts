import type { TOperator } from '@mayur/contracts/admin';

// The operator's session is shared by every tab of this browser (localStorage), so an operator who
// opens a screen in a new tab is still signed in there. It ends everywhere at once: sign-out and a 401
// (the server ended it: expiry, a reset, disabling) remove it, and every other tab hears of the removal
// through the `storage` event; each tab also ends it itself at `expiresAtMs`. The token goes in the
// Authorization header, never in a cookie, so no other site can make the browser send it. Script
// injected into the console could read it from localStorage as it could from sessionStorage; the
// strict CSP (`script-src 'self'`) and React's escaping are what stand against that.

const KEY = 'mayur-admin-session';
/** Tells this tab's listeners; other tabs hear the same change through the `storage` event. */
const CHANGED = 'mayur-admin-session';
// setTimeout takes at most a 32-bit delay; a session never lasts that long, but a stored value might say so.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export type StoredSession = { token: string; expiresAtMs: number; operator: TOperator };

/** The stored session as text, exactly as kept (so a hook can tell when it changed). */
export function readStoredText(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function readSession(nowMs = Date.now()): StoredSession | null {
  try {
    const raw = readStoredText();
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    return typeof session.token === 'string' && session.expiresAtMs > nowMs ? session : null;
  } catch {
    return null;
  }
}

export function storeSession(session: StoredSession | null) {
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a locked-down browser): the tab keeps working until it is reloaded.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * Ends the session whose token the server refused, unless another tab has meanwhile signed in with a
 * new one: a late 401 for an old token must not sign the newer session out.
 */
export function endSession(token: string | undefined) {
  // Read whatever is stored, expired or not: only a newer token is kept.
  const stored = readSession(Number.NEGATIVE_INFINITY);
  if (!stored || token === undefined || stored.token === token) storeSession(null);
}

/** Calls `onChange` when the session changes in this tab or another, or reaches its end; returns the unsubscribe. */
export function onSessionChange(onChange: () => void): () => void {
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  const armExpiry = () => {
    clearTimeout(expiryTimer);
    const session = readSession();
    if (!session) return;
    expiryTimer = setTimeout(() => storeSession(null), Math.min(session.expiresAtMs - Date.now(), LONGEST_TIMER_MS));
  };
  const changed = () => {
    armExpiry();
    onChange();
  };
  const storage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) changed();
  };
  window.addEventListener(CHANGED, changed);
  window.addEventListener('storage', storage);
  armExpiry();
  return () => {
    clearTimeout(expiryTimer);
    window.removeEventListener(CHANGED, changed);
    window.removeEventListener('storage', storage);
  };
}
