import type { toast as Toast } from 'sonner';
import { createStore } from '../lib/external-store.ts';

// Toasts are rare on the home screen, so sonner (≈ 9 KB gzip) loads with the first one instead of with
// the home route. Sonner replays toasts created before its Toaster subscribed, so none is lost.

const hasRequestedToaster = createStore(false);

export const toasterRequest = { get: hasRequestedToaster.get, subscribe: hasRequestedToaster.subscribe };

type ToastKind = 'success' | 'error' | 'info';
type ToastOptions = { id?: string };

/**
 * Sonner, imported once: every toast waits on this one promise, so toasts are shown in the order they
 * were asked for. (Each with its own `import()`, a log-in's "why play is closed" could be shown first
 * and then dismissed by the "welcome" asked for just before it.)
 */
let sonner: Promise<{ toast: typeof Toast }> | undefined;

function show(kind: ToastKind, message: string, options?: ToastOptions): void {
  hasRequestedToaster.set(true);
  sonner ??= import('sonner');
  void sonner.then(({ toast }) => {
    // One message at a time: a new toast replaces what is showing, so a stale error never piles up
    // under newer news. A toast with the same id is updated in place rather than dismissed.
    for (const shown of toast.getToasts()) {
      if (shown.id !== options?.id) toast.dismiss(shown.id);
    }
    toast[kind](message, options);
  });
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};
