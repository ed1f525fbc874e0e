import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/external-store.ts';
import { STORAGE_KEYS, storage } from '../lib/storage-keys.ts';

const tokenStore = createStore<string | null>(storage.get(STORAGE_KEYS.token));

/** Why the last sign-out happened, when the login screen should say so. */
export type SignOutReason = 'passwordChanged' | 'passwordReset';
let lastSignOutReason: SignOutReason | null = null;

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.token || event.key === null) tokenStore.set(storage.get(STORAGE_KEYS.token));
  });
}

export const session = {
  getToken: tokenStore.get,
  subscribe: tokenStore.subscribe,
  /** Keeps a new session; `account` is the player's mobile number or e-mail address. */
  signIn(token: string, account: string | null): void {
    lastSignOutReason = null;
    storage.set(STORAGE_KEYS.token, token);
    if (account) storage.set(STORAGE_KEYS.mobile, account);
    tokenStore.set(token);
  },
  signOut(reason: SignOutReason | null = null): void {
    lastSignOutReason = reason;
    storage.remove(STORAGE_KEYS.token);
    tokenStore.set(null);
  },
  /**
   * Screens behind a session redirect to /login the moment the token goes, before their own
   * navigation lands, so the redirect needs the reason to carry it to the login screen.
   */
  lastSignOutReason: (): SignOutReason | null => lastSignOutReason,
};

export function useSessionToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}
