import { useState } from 'react';
import { isApiError } from '../api/api-error.ts';
import { newRequestKey } from './request-key.ts';

/** Refusals after which the server may still have moved the money: the player's retry must reuse the key. */
const UNKNOWN_OUTCOME_CODES = new Set(['TIMEOUT', 'NETWORK', 'INTERNAL']);

/**
 * The `requestKey` of a money-moving submission. Each new submission gets a fresh key; only a retry of
 * the same content after an unknown outcome (time-out, lost connection) reuses it, so the server
 * answers that retry with the first result instead of moving the money a second time.
 */
export function requestKeyTracker(makeKey: () => string = newRequestKey) {
  let pending: { content: string; key: string } | null = null;
  return {
    keyFor(content: string): string {
      if (pending?.content !== content) pending = { content, key: makeKey() };
      return pending.key;
    },
    settle(error?: unknown) {
      if (!(isApiError(error) && UNKNOWN_OUTCOME_CODES.has(error.code))) pending = null;
    },
  };
}

/** One tracker for the component's lifetime (lazily created state, never replaced). */
export function useRequestKey(): ReturnType<typeof requestKeyTracker> {
  const [tracker] = useState(() => requestKeyTracker());
  return tracker;
}
