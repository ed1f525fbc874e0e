/** Registers public/sw.js in production builds only; development always talks to the live server. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register('/sw.js');
      const registration = await navigator.serviceWorker.ready;
      const report = (entries: PerformanceEntryList) => {
        const urls = assetUrlsLoadedWithoutWorker(entries);
        if (urls.length > 0) registration.active?.postMessage({ type: 'cache-assets', urls });
      };
      // The files this visit loaded before the worker was in control, so the next visit has them all. A
      // file still on its way when the worker took over (a lazily rendered tile's image) finishes later,
      // outside the worker too, so the observer reports those as they arrive; files the worker fetched
      // itself are already kept and are not reported.
      report(performance.getEntriesByType('resource'));
      new PerformanceObserver((list) => report(list.getEntries())).observe({ type: 'resource' });
    } catch {
      // Without a service worker the app still works online; installability and the offline shell are lost.
    }
  };
  // After the page has loaded, so the worker's own downloads do not compete with the first paint.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

function assetUrlsLoadedWithoutWorker(entries: PerformanceEntryList): string[] {
  return entries
    .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && entry.workerStart === 0)
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}
