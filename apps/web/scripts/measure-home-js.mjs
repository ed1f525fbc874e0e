// Measures the JavaScript budgets of the home route (DESIGN.md §10: at most 130 KB gzipped) and of each
// game screen, on the wire.
//
// Starts the real server on the embedded default (PGlite in a scratch folder, demo data, game clock
// on) serving the built app (apps/web/dist with the build's Brotli and gzip copies), opens each route in
// headless Chromium as a first-time visitor (no service worker, so the home notice dialog opens), waits
// until the page is idle, and counts two sizes of every JavaScript file the page loaded: its gzip size
// (level 9, the size the budget has always measured) and the bytes that actually came over the wire
// (the encoded body as the server sent it). Each route has a budget for both. Run after a build:
//
//   node apps/web/scripts/measure-home-js.mjs            # exits 1 when a route is over a budget
//   node apps/web/scripts/measure-home-js.mjs --all      # also home in every locale of the picker
//   WEB_DIST_DIR=/elsewhere node apps/web/scripts/measure-home-js.mjs   # another build
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * Budgets in bytes. Home's gzip budget is DESIGN.md §10's; the others are the sizes measured once home
 * loaded only what it renders, plus about 15% of headroom (decision 0019). A route over
 * either of its budgets fails `npm test`; raise a budget only with a reason in that decision.
 */
const ROUTE_BUDGETS = [
  { name: 'home', pathname: '/', gzipBytes: 130_000, transferredBytes: 121_000 },
  { name: 'Win Go', pathname: '/games/wingo', gzipBytes: 188_000, transferredBytes: 166_000 },
  { name: 'Win Go PK', pathname: '/games/wingo-pk', gzipBytes: 188_000, transferredBytes: 166_000 },
  { name: 'Bit Game', pathname: '/games/bitgame', gzipBytes: 186_000, transferredBytes: 164_000 },
  { name: 'Aviator', pathname: '/games/limbo', gzipBytes: 193_000, transferredBytes: 171_000 },
  { name: 'Crash', pathname: '/games/crash', gzipBytes: 193_000, transferredBytes: 171_000 },
];

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST = path.resolve(process.env.WEB_DIST_DIR || path.join(import.meta.dirname, '../dist'));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PICKER_LOCALES = ['en-US', 'ar', 'fr', 'pt', 'es', 'vi', 'si', 'hi'];
const SERVER_START_TIMEOUT_MS = 60_000;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function isAnswering(origin) {
  try {
    return (await fetch(`${origin}/healthz`)).ok;
  } catch {
    return false;
  }
}

/** The real server, as `npm start` runs it with nothing configured, on a free loopback port. */
async function startServer() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`${DIST} has no build: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-measure-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: DIST };
  Object.assign(env, { LOG_LEVEL: 'warn', SEED_DEMO: 'true', GAME_CLOCK: 'true', LOTTERY_CHAIN_LENGTH: '200' });
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'PUBLIC_BASE_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.removeListener('exit', killOnExit);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadlineMs = Date.now() + SERVER_START_TIMEOUT_MS;
  while (!(await isAnswering(origin))) {
    if (child.exitCode !== null || Date.now() > deadlineMs) {
      await stop();
      throw new Error(`the server did not answer /healthz within ${SERVER_START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, stop };
}

/** Loads `pathname` as a first-time visitor and sizes every script and every response it received. */
async function measure(browser, origin, pathname, locale) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  await context.addInitScript((value) => globalThis.localStorage.setItem('language', value), locale);
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) =>
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        const url = new URL(request.url());
        const isScript = url.pathname.endsWith('.js') || request.resourceType() === 'script';
        return {
          pathname: url.pathname,
          isScript,
          transferredBytes: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          gzipBytes: isScript ? zlib.gzipSync(await response.body(), { level: 9 }).length : 0,
        };
      })(),
    ),
  );
  await page.goto(`${origin}${pathname}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const isNoticeOpen = (await page.locator('dialog[open]').count()) > 0;
  const responses = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  const scripts = responses.filter((response) => response.isScript);
  const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);
  return {
    scripts,
    gzipBytes: sum(scripts, 'gzipBytes'),
    transferredBytes: sum(scripts, 'transferredBytes'),
    allTransferredBytes: sum(responses, 'transferredBytes'),
    encodings: [...new Set(scripts.map((script) => script.encoding))],
    isNoticeOpen,
  };
}

function printTable(rows) {
  const header = ['route', 'JS files', 'JS gzip', 'budget', 'JS on the wire', 'budget', 'all on the wire', 'encoding'];
  const cells = rows.map(({ route, result }) => [
    `${route.name} ${route.pathname}`,
    String(result.scripts.length),
    kB(result.gzipBytes),
    kB(route.gzipBytes) + (result.gzipBytes > route.gzipBytes ? ' OVER' : ''),
    kB(result.transferredBytes),
    kB(route.transferredBytes) + (result.transferredBytes > route.transferredBytes ? ' OVER' : ''),
    kB(result.allTransferredBytes),
    result.encodings.join('+'),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column].length)));
  const line = (row) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join('  ');
  console.log(line(header));
  for (const row of cells) console.log(line(row));
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const rows = [];
  for (const route of ROUTE_BUDGETS) rows.push({ route, result: await measure(browser, server.origin, route.pathname, 'en-US') });
  const home = rows[0].result;
  for (const script of [...home.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(
      `  ${script.pathname.padEnd(52)} ${kB(script.gzipBytes).padStart(9)} gzip ${kB(script.transferredBytes).padStart(9)} sent`,
    );
  console.log(`home: notice dialog ${home.isNoticeOpen ? 'open' : 'closed'} (a first visit opens it)\n`);
  printTable(rows);
  if (process.argv.includes('--all')) {
    console.log('');
    for (const locale of PICKER_LOCALES) {
      const result = await measure(browser, server.origin, '/', locale);
      console.log(`${locale.padEnd(6)} home route JS: ${kB(result.gzipBytes)} gzip, ${kB(result.transferredBytes)} on the wire`);
    }
  }
  const over = rows.filter(
    ({ route, result }) => result.gzipBytes > route.gzipBytes || result.transferredBytes > route.transferredBytes,
  );
  if (over.length > 0) console.error(`\nover budget: ${over.map(({ route }) => route.name).join(', ')}`);
  process.exitCode = over.length > 0 ? 1 : 0;
} finally {
  await browser.close();
  await server.stop();
}
