import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterRequest } from './notify.ts';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Mounts sonner's Toaster once the first toast is asked for. */
export function LazyToaster() {
  const isRequested = useSyncExternalStore(toasterRequest.subscribe, toasterRequest.get);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton dir={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'} />
    </Suspense>
  );
}
