/** Registers public/sw.js in production builds only; development always talks to the live server. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the app still works online; installability is the only loss.
    });
  };
  // After the page has loaded, so the worker's own downloads do not compete with the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
