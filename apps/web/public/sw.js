// Mayur's service worker: keeps the built app shell so the app opens fast and installs as an app.
// It never touches the API, the development outbox, the apk download or the realtime socket: those
// always go to the network, so nothing about money or sessions is ever served from a cache.
const CACHE_NAME = 'mayur-shell-v1';
const NETWORK_ONLY_PREFIXES = ['/api/', '/dev/', '/download/', '/socket.io/'];
const MAX_CACHED_ASSETS = 200;

async function cacheShell() {
  const cache = await caches.open(CACHE_NAME);
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put('/', response);
  // The entry script, styles and preloaded chunks are named in index.html; later chunks are cached as used.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  const extras = ['/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];
  await cache.addAll([...new Set([...assets, ...extras])]);
}

async function trimAssets(cache) {
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/assets/'));
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_CACHED_ASSETS))) await cache.delete(request);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE_NAME).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NETWORK_ONLY_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return;

  // Pages: the network first so a new release shows at once; the cached shell when offline.
  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE_NAME);
        try {
          const response = await fetch(request);
          if (response.ok) await cache.put('/', response.clone());
          return response;
        } catch {
          return (await cache.match('/')) ?? Response.error();
        }
      })(),
    );
    return;
  }

  // Built assets have content hashes in their names, so a cached copy is always the right one.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE_NAME);
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          await cache.put(request, response.clone());
          await trimAssets(cache);
        }
        return response;
      })(),
    );
    return;
  }

  // Icons and the manifest: the network when it answers, the cache otherwise.
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      try {
        const response = await fetch(request);
        if (response.ok && url.pathname !== '/sw.js') await cache.put(request, response.clone());
        return response;
      } catch {
        return (await cache.match(request)) ?? Response.error();
      }
    })(),
  );
});
