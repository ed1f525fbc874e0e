import { useSyncExternalStore } from 'react';
import { api } from '../shared/api/api.ts';
import { session } from '../shared/api/session.ts';
import { createStore } from '../shared/lib/external-store.ts';
import { STORAGE_KEYS, storage } from '../shared/lib/storage-keys.ts';
import { readHandoverToken, withoutTokenParameter } from '../shared/lib/token-handover.ts';

const isExchanging = createStore(false);

/**
 * Reads `?token=` from the page address (spec §1), keeps it under `loginToken` and removes it from the
 * address before the router starts. Returns the token to exchange, if any.
 */
export function captureHandoverToken(): string | null {
  const token = readHandoverToken(window.location.search);
  if (token === null) return null;
  storage.set(STORAGE_KEYS.loginToken, token);
  window.history.replaceState(window.history.state, '', withoutTokenParameter(window.location.href));
  isExchanging.set(true);
  return token;
}

/** Trades the handed-over token for a fresh session; a refusal simply leaves the player signed out. */
export async function exchangeHandoverToken(token: string): Promise<void> {
  try {
    const fresh = await api('/third/login', { token }, { showsLoading: true, isSilent: true, ignoresUnauthorized: true });
    session.signIn(fresh.token, fresh.user.mobile ?? fresh.user.email);
  } catch {
    // The handover was invalid or expired: the player stays signed out and can log in by hand.
  } finally {
    isExchanging.set(false);
  }
}

/** True while a handed-over token is being exchanged, so guarded screens wait instead of redirecting. */
export function useIsExchangingHandover(): boolean {
  return useSyncExternalStore(isExchanging.subscribe, isExchanging.get);
}
