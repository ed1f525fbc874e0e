import { useSyncExternalStore } from 'react';
import { createStore } from '../../../shared/lib/external-store.ts';

// Whether a reality check is waiting for the player's answer. The dialog makes the page inert for the
// player's hands; this tells automatic play (crash autoplay) to hold its next bet until they answer.
const pausedStore = createStore(false);

export const playPause = { set: pausedStore.set };

export function useIsPlayPaused(): boolean {
  return useSyncExternalStore(pausedStore.subscribe, pausedStore.get);
}
