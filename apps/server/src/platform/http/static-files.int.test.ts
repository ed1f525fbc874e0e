import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// The built web app is served as the build's Brotli or gzip copy to clients that accept one, with
// the caching rules of each kind of file; the API's larger replies are compressed as they are sent.
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const script = 'export function greet(name) { return `hello ${name}`; }\n'.repeat(100);
const directScreenFiles = {
  start: ['/assets/index-abc123.js', '/assets/start-4.css'],
  screens: { '/games/wingo': ['/assets/wingo-1.css', '/assets/wingo-2.js', '/assets/query-3.js'] },
};
const indexHtml = `<!doctype html><html><head><title>Mayur</title><script type="application/json" id="direct-screen-files">${JSON.stringify(directScreenFiles)}</script></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;
const serviceWorker = `self.addEventListener('fetch', () => {});\n`.repeat(40);
const ALL_ENCODINGS = 'gzip, deflate, br';

let server: TestServer;
let webDistDir: string;
let downloadDir: string;

beforeAll(async () => {
  webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-static-'));
  downloadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-downloads-'));
  fs.mkdirSync(path.join(webDistDir, 'assets'));
  fs.writeFileSync(path.join(webDistDir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(webDistDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webDistDir, 'sw.js'), serviceWorker);
  fs.writeFileSync(path.join(webDistDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // The copies the build writes, by the build's own script.
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'compress-web.mjs'), webDistDir]);
  server = await startTestServer({ WEB_DIST_DIR: webDistDir, DOWNLOAD_DIR: downloadDir });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(webDistDir, { recursive: true, force: true });
  fs.rmSync(downloadDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('static files', () => {
  it('sends the Brotli copy to a client that accepts Brotli, as JavaScript, cached for a year', async () => {
    const response = await get('/assets/index-abc123.js', ALL_ENCODINGS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  it('sends the gzip copy to a client that accepts gzip and not Brotli (q=0 refuses)', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(script);
    }
  });

  it('sends the original to a client that accepts no compression, still saying that the reply varies', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.body).toBe(script);
    }
  });

  it('sends index.html compressed and revalidated, for the root and for any route of the app', async () => {
    for (const url of ['/', '/games/wingo', '/recharge?from=home']) {
      const response = await get(url, ALL_ENCODINGS);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
    }
  });

  it("has the browser fetch a directly opened screen's files with the page, and nothing extra for other routes", async () => {
    for (const url of ['/games/wingo', '/games/wingo?from=home']) {
      const response = await get(url, ALL_ENCODINGS);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['link']).toBe(
        '</assets/index-abc123.js>; rel=modulepreload; crossorigin, </assets/start-4.css>; rel=preload; as=style; crossorigin, ' +
          '</assets/wingo-1.css>; rel=preload; as=style; crossorigin, ' +
          '</assets/wingo-2.js>; rel=modulepreload; crossorigin, </assets/query-3.js>; rel=modulepreload; crossorigin',
      );
    }
    for (const url of ['/', '/recharge', '/games/wingo/history']) {
      expect((await get(url, ALL_ENCODINGS)).headers['link']).toBeUndefined();
    }
  });

  it('answers HEAD with the headers of the copy GET would send, and no body', async () => {
    const brotliBytes = fs.statSync(path.join(webDistDir, 'index.html.br')).size;
    for (const url of ['/games/wingo', '/index.html']) {
      const response = await get(url, ALL_ENCODINGS, 'HEAD');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(response.headers['content-length'])).toBe(brotliBytes);
      expect(response.rawPayload.length).toBe(0);
    }
  });

  it('revalidates the service worker, and sends a file too small for a copy as it is', async () => {
    const worker = await get('/sw.js', ALL_ENCODINGS);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('br');
    const robots = await get('/robots.txt', ALL_ENCODINGS);
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toBe('User-agent: *\nAllow: /\n');
  });

  it('answers a missing asset and the server paths with a 404, not the app', async () => {
    for (const url of ['/assets/missing-abc123.js', '/download/missing.apk', '/dev/nothing']) {
      const response = await get(url, ALL_ENCODINGS);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ res: 0, code: 'NOT_FOUND' });
    }
  });
});

describe('API compression', () => {
  const findNotice = () =>
    server.app.inject({
      method: 'POST',
      url: '/api/user/findNotice',
      headers: { 'content-type': 'application/json', 'accept-encoding': ALL_ENCODINGS },
      payload: JSON.stringify({ pageNum: 1, pageSize: 50 }),
    });

  it('sends a reply under 1 KB as it is and compresses a larger one', async () => {
    await server.ctx.db.query("insert into notices (title, message) values ('Hello', 'Short.')");
    const small = await findNotice();
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ res: 1, obj: { total: 1 } });

    await server.ctx.db.query(
      "insert into notices (title, message) select 'Notice ' || g, repeat('Every result is provably fair. ', 20) from generate_series(1, 10) g",
    );
    const large = await findNotice();
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['vary']).toMatch(/accept-encoding/i);
    const json = zlib.brotliDecompressSync(large.rawPayload).toString();
    expect(Buffer.byteLength(json)).toBeGreaterThan(1024);
    expect(large.rawPayload.length).toBeLessThan(Buffer.byteLength(json) / 3);
    expect(JSON.parse(json)).toMatchObject({ res: 1, obj: { total: 11 } });
  });

  it('leaves the metrics uncompressed for scrapers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-encoding': ALL_ENCODINGS } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });
});
