// Mayur's service worker: keeps the app shell and the built files of the last visit, so a repeat visit
// paints at once on a bad network (or none), and the app installs as an app.
//
// It never answers for the API, the development outbox, the apk download, the realtime socket or the
// server's own pages (health, metrics, the sandbox payment page): those always go to the network, so
// nothing about money, sessions or rounds is ever served from a cache.
//
// - Pages (navigations): the network first, so a new release shows at once; the cached shell when the
//   network fails or has not answered within NAVIGATION_TIMEOUT_MS. A late answer still refreshes the
//   cache for the next visit.
// - /assets/*: built files whose names carry a content hash, so a cached copy is always the right one:
//   the cache first, the network once. They are kept across releases (a page of the previous release
//   may still load its chunks), the oldest dropped beyond MAX_CACHED_ASSETS.
// - Icons and the manifest: the network first, the cache when offline.
//
// A new worker takes over at once (skipWaiting, clients.claim) and deletes the shell caches of older
// versions; since neither the API nor the shell is served stale, there is no old state to wait out.
const SHELL_CACHE = 'mayur-shell-v2';
const ASSET_CACHE = 'mayur-assets';
const CURRENT_CACHES = [SHELL_CACHE, ASSET_CACHE];
const NETWORK_ONLY_PREFIXES = ['/api/', '/dev/', '/download/', '/socket.io/', '/sandbox-pay/', '/healthz', '/metrics'];
const SHELL_EXTRAS = ['/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];
const MAX_CACHED_ASSETS = 300;
const NAVIGATION_TIMEOUT_MS = 3000;

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

/** The built files index.html names: the entry script, its styles and the preloaded chunks. */
function assetsNamedIn(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
}

async function cacheAssets(urls) {
  const cache = await caches.open(ASSET_CACHE);
  for (const url of new Set(urls)) {
    if (!isAsset(new URL(url, self.location.origin)) || (await cache.match(url))) continue;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      // Offline or gone: the page will fetch it again when it needs it.
    }
  }
  await trimAssets(cache);
}

async function trimAssets(cache) {
  const keys = await cache.keys();
  // keys() lists entries in the order they were added, so the oldest go first.
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_CACHED_ASSETS))) await cache.delete(request);
}

async function cacheShell() {
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  const shell = await caches.open(SHELL_CACHE);
  await shell.put('/', response);
  await Promise.all(
    SHELL_EXTRAS.map(async (url) => {
      const extra = await fetch(url);
      if (extra.ok) await shell.put(url, extra);
    }),
  );
  await cacheAssets(assetsNamedIn(html));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !CURRENT_CACHES.includes(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// The page reports the built files it loaded before this worker controlled it (the first visit), so
// they are cached too and the next visit needs none of them from the network.
self.addEventListener('message', (event) => {
  const { data } = event;
  if (data?.type === 'cache-assets' && Array.isArray(data.urls)) {
    event.waitUntil(cacheAssets(data.urls.filter((url) => typeof url === 'string')));
  }
});

/** Keeps a page the server answered as the app's shell (every app route is answered with index.html). */
async function refreshShell(responsePromise) {
  const response = await responsePromise;
  const isShell = response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (isShell) await (await caches.open(SHELL_CACHE)).put('/', response.clone());
  return response;
}

async function handleNavigation(event) {
  const network = refreshShell(fetch(event.request));
  // However the race below ends, a later answer still refreshes the cached shell.
  event.waitUntil(network.catch(() => undefined));
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, 'timeout'));
  try {
    const winner = await Promise.race([network, timeout]);
    if (winner !== 'timeout') return winner.clone();
  } catch {
    // The network failed: fall through to the cached shell.
  }
  const cached = await caches.match('/', { cacheName: SHELL_CACHE });
  if (cached) return cached;
  return (await network).clone();
}

async function handleAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

async function handleShellFile(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NETWORK_ONLY_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(handleNavigation(event));
  else if (isAsset(url)) event.respondWith(handleAsset(request));
  else if (SHELL_EXTRAS.includes(url.pathname) || url.pathname.startsWith('/icons/')) event.respondWith(handleShellFile(request));
});
