import { useSyncExternalStore } from 'react';
import { onSessionChange, readSession, readStoredText, type StoredSession } from './session.ts';

let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

function snapshot(): StoredSession | null {
  const raw = readStoredText();
  // The same text gives the same object (React compares snapshots by identity), until it expires.
  if (raw !== cachedRaw || (cachedSession !== null && cachedSession.expiresAtMs <= Date.now())) {
    cachedRaw = raw;
    cachedSession = readSession();
  }
  return cachedSession;
}

/** The signed-in operator of this browser, or null; re-renders on sign-in, sign-out, expiry and a 401, in any tab. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(onSessionChange, snapshot);
}
