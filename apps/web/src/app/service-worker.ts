/** Registers public/sw.js in production builds only; development always talks to the live server. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register('/sw.js');
      const registration = await navigator.serviceWorker.ready;
      // The files this visit loaded before the worker was in control, so the next visit has them all.
      registration.active?.postMessage({ type: 'cache-assets', urls: loadedAssetUrls() });
    } catch {
      // Without a service worker the app still works online; installability and the offline shell are lost.
    }
  };
  // After the page has loaded, so the worker's own downloads do not compete with the first paint.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

function loadedAssetUrls(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}
