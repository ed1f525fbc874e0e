import { useSyncExternalStore } from 'react';
import { createStore } from './external-store.ts';

/** Chromium's deferred install prompt (not yet in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

const deferredPrompt = createStore<InstallPromptEvent | null>(null);

/** Keeps the browser's install offer for later, so the download button can make it when tapped. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt.set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => deferredPrompt.set(null));
}

export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(deferredPrompt.subscribe, deferredPrompt.get);
}

/** Shows the browser's install dialog; true when the player accepted. An offer can be used only once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferredPrompt.get();
  if (!event) return false;
  deferredPrompt.set(null);
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome === 'accepted';
}
