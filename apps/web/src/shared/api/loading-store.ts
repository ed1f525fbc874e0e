import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/external-store.ts';

// A counter rather than a boolean, so overlapping calls keep the spinner up until the last one ends.
const pendingCalls = createStore(0);

export const loadingStore = {
  begin: () => pendingCalls.set(pendingCalls.get() + 1),
  end: () => pendingCalls.set(Math.max(0, pendingCalls.get() - 1)),
};

export function useIsGloballyLoading(): boolean {
  return useSyncExternalStore(pendingCalls.subscribe, () => pendingCalls.get() > 0);
}
