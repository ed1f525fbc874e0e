// Measures the home route's JavaScript budget (DESIGN.md §10: at most 130 KB gzipped).
//
// Serves the built app (apps/web/dist) with a stub API, opens "/" in headless Chromium as a first-time
// visitor (so the notice dialog opens), waits until the page is idle, and sums the gzip size (level 9)
// of every JavaScript file the page loaded. Run after `vite build`:
//
//   node apps/web/scripts/measure-home-js.mjs            # default locale, exits 1 over budget
//   node apps/web/scripts/measure-home-js.mjs --all      # also every locale of the picker
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET_BYTES = 130_000;
const DIST = path.resolve(import.meta.dirname, '../dist');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PICKER_LOCALES = ['en-US', 'ar', 'fr', 'pt', 'es', 'vi', 'si', 'hi'];
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

const stubResponses = {
  '/api/user/getNoticeUrl': [
    {
      message: 'Welcome to Mayur.',
      download_url: '/download/app.apk',
      main_url: 'https://example.com',
      promotion_url: '/promotion',
    },
  ],
  '/api/user/findNotice': {
    list: [{ id: 1, title: 'Welcome', message: 'Every result is provably fair.', createTime: '2025-01-01T00:00:00Z' }],
    total: 1,
    pageNum: 1,
    pageSize: 10,
  },
};

function serve() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      const obj = stubResponses[url.pathname];
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(obj ? { res: 1, resMsg: 'success', obj } : { res: 0, resMsg: 'Not found', code: 'NOT_FOUND' }));
      return;
    }
    const file = path.join(DIST, url.pathname);
    const isFile = file.startsWith(DIST) && fs.existsSync(file) && fs.statSync(file).isFile();
    if (!isFile && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/download/'))) {
      response.writeHead(404).end();
      return;
    }
    const target = isFile ? file : path.join(DIST, 'index.html');
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'text/html' });
    response.end(fs.readFileSync(target));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function measure(browser, origin, locale) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  await context.addInitScript((value) => globalThis.localStorage.setItem('language', value), locale);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const pathname = new URL(response.url()).pathname;
    if (!pathname.endsWith('.js')) return;
    scripts.set(pathname, zlib.gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const isNoticeOpen = await page.locator('dialog[open]').count();
  await context.close();
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  return { locale, total, scripts, isNoticeOpen: isNoticeOpen > 0 };
}

const server = await serve();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const locales = process.argv.includes('--all') ? PICKER_LOCALES : ['en-US'];
  let isOverBudget = false;
  for (const locale of locales) {
    const result = await measure(browser, origin, locale);
    if (locale === 'en-US' || locales.length === 1) {
      for (const [file, size] of [...result.scripts].sort((a, b) => b[1] - a[1]))
        console.log(`  ${file.padEnd(52)} ${(size / 1000).toFixed(2)} kB`);
    }
    const isOver = result.total > BUDGET_BYTES;
    if (locale === 'en-US') isOverBudget = isOver;
    console.log(
      `${locale.padEnd(6)} home route JS: ${(result.total / 1000).toFixed(2)} kB gzip in ${result.scripts.size} files` +
        ` (notice dialog ${result.isNoticeOpen ? 'open' : 'closed'}; budget ${BUDGET_BYTES / 1000} kB)${isOver ? '  OVER BUDGET' : ''}`,
    );
  }
  process.exitCode = isOverBudget ? 1 : 0;
} finally {
  await browser.close();
  server.close();
}
