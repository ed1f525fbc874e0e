import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterRequest } from './notify.ts';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Toasts sit below the screens' top bars (56 px at most, plus the notch), so one never covers the
 * back button or anything else a player taps in a header.
 */
const BELOW_TOP_BAR = { top: 'calc(var(--top-bar-height) + env(safe-area-inset-top, 0px) + 8px)' };

/** Mounts sonner's Toaster once the first toast is asked for. */
export function LazyToaster() {
  const isRequested = useSyncExternalStore(toasterRequest.subscribe, toasterRequest.get);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        offset={BELOW_TOP_BAR}
        mobileOffset={BELOW_TOP_BAR}
        richColors
        closeButton
        dir={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}
      />
    </Suspense>
  );
}
