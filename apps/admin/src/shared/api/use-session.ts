import { useSyncExternalStore } from 'react';
import { readSession, type StoredSession } from './session.ts';

let cachedRaw: string | null = null;
let cached: StoredSession | null = null;

function snapshot(): StoredSession | null {
  const raw = sessionStorage.getItem('mayur-admin-session');
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = readSession();
  }
  return cached;
}

function subscribe(onChange: () => void) {
  window.addEventListener('mayur-admin-session', onChange);
  return () => window.removeEventListener('mayur-admin-session', onChange);
}

/** The signed-in operator of this tab, or null; re-renders on sign-in, sign-out and a 401. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, snapshot);
}
