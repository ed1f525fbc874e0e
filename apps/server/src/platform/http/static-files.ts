import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { refusal } from './envelope.ts';
import { API_PREFIX } from './register-endpoint.ts';

// Paths the single-page app must never answer for with its index.html. A build asset that is gone (a
// chunk of an older deployment) is a 404, not a page of HTML that the browser would refuse as a script.
const NON_SPA_PREFIXES = [
  API_PREFIX + '/',
  '/assets/',
  '/dev/',
  '/download/',
  '/metrics',
  '/healthz',
  '/socket.io/',
  '/sandbox-pay/',
];

/** Build assets carry a content hash in their name, so a copy never goes stale. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, the manifest) is revalidated, so an update reaches players. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * Where the web build lists the app's start files and, per path of a screen players open directly, the
 * files that screen needs beyond them (apps/web/vite.config.ts, app/direct-screens.ts).
 */
const DIRECT_SCREEN_FILES = /<script type="application\/json" id="direct-screen-files">([^<]*)<\/script>/;
type DirectScreenFiles = { start?: string[]; screens?: Record<string, string[]> };

/**
 * The `Link` header that has the browser fetch a directly opened screen's code and styles together
 * with the app's own, as the page's first response arrives, instead of once the entry script has run
 * and found them in index.html (one request chain less, so the screen paints sooner). The app's own
 * files come first, in the order the page asks for them, so the screen's do not take the network from
 * them. Read from the build's index.html, again whenever a new build replaces it; a path without such
 * a screen gets none.
 */
function directScreenLinks(indexHtmlPath: string): (pathname: string) => string | undefined {
  let builtAtMs = -1;
  let links = new Map<string, string>();
  return (pathname) => {
    const modifiedMs = fs.statSync(indexHtmlPath, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (modifiedMs !== builtAtMs) {
      builtAtMs = modifiedMs;
      links = new Map();
      const listed = DIRECT_SCREEN_FILES.exec(modifiedMs === -1 ? '' : fs.readFileSync(indexHtmlPath, 'utf8'))?.[1];
      const { start = [], screens = {} } = listed ? (JSON.parse(listed) as DirectScreenFiles) : {};
      // As the page's own tags ask for them (crossorigin: module scripts and Vite's styles load in CORS mode).
      const link = (file: string) =>
        file.endsWith('.css') ? `<${file}>; rel=preload; as=style; crossorigin` : `<${file}>; rel=modulepreload; crossorigin`;
      for (const [pagePath, files] of Object.entries(screens)) {
        if (files.length > 0) links.set(pagePath, [...start, ...files].map(link).join(', '));
      }
    }
    return links.get(pathname);
  };
}

export type StaticFilesOptions = { webDistDir: string; downloadDir: string; log: Logger };

/**
 * The built web app and the download folder. The web app's text assets are sent as the Brotli or
 * gzip copy the build wrote beside them (scripts/compress-web.mjs) to a client whose Accept-Encoding
 * takes it (Brotli first; `q=0` refuses), with the original's Content-Type and `Vary: Accept-Encoding`,
 * and as the original to any other client. Any path that is not a file and not the server's own
 * gets the app's index.html, so that the app's router can answer it.
 */
export async function registerStaticFiles(app: FastifyInstance, { webDistDir, downloadDir, log }: StaticFilesOptions) {
  fs.mkdirSync(downloadDir, { recursive: true });
  await app.register(fastifyStatic, { root: downloadDir, prefix: '/download/', decorateReply: false, index: false });

  const hasWeb = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // Chooses among `file`, `file.br` and `file.gz` by Accept-Encoding and sets Content-Encoding and
      // Vary; reply.sendFile (the app's other routes, below) chooses the same way.
      preCompressed: true,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', isHashedAsset ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
      },
    });
  } else {
    log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve it');
  }

  const linksOf = directScreenLinks(path.join(webDistDir, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const isSpaRoute = isPageRequest && !NON_SPA_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (hasWeb && isSpaRoute) {
      const links = linksOf(request.url.split('?')[0]!);
      if (links) reply.header('link', links);
      return reply.sendFile('index.html', webDistDir);
    }
    return reply.code(404).send(refusal('NOT_FOUND'));
  });
}
