import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from './support/app-process.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { readLocale } from './support/locales.ts';

// The service worker (apps/web/public/sw.js) in Chromium against the real server: a repeat visit paints
// home from the cache with the server gone, and nothing under /api is ever answered from a cache. The
// test stops its own server halfway, so it does not share the harness's app.

const en = readLocale('en-US');

let app: AppProcess | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Every URL path the page's origin keeps in any Cache Storage cache. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** Whether every game tile's image has loaded (a broken or missing image has no natural width). */
function areTileImagesLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    // The six tiles of the popular games (the PK and Aviator room sections below them load lazily).
    const ids = ['wingo-1', 'wingo-3', 'wingo-5', 'bitgame', 'aviator', 'crash'];
    const images = ids.flatMap((id) =>
      Array.from(document.querySelectorAll<HTMLImageElement>(`[data-testid="game-tile-${id}"] img`)),
    );
    return images.length === 6 && images.every((image) => image.complete && image.naturalWidth > 0);
  });
}

/** The outcome of a request from the page: its status, or the network error it failed with. */
function requestFromPage(page: Page, path: string, method: 'GET' | 'POST'): Promise<string> {
  return page.evaluate(
    async ({ path, method }) => {
      try {
        const response = await fetch(path, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'POST' ? '{"pageNum":1,"pageSize":10}' : undefined,
        });
        return `status ${response.status}`;
      } catch (error) {
        return `failed: ${(error as Error).name}`;
      }
    },
    { path, method },
  );
}

describe('the offline shell', () => {
  it('paints home from the cache on a repeat visit without a network, and never answers /api from a cache', async () => {
    const context = await phoneContext(browser!, app!.baseUrl);
    await context.addInitScript(() => {
      localStorage.setItem('readNotice', '1');
      localStorage.setItem('mobile', '9000000009');
    });
    const page = await context.newPage();
    // The tiles' images are held back until the worker controls the page (at most 8 s), so they finish
    // outside the worker after it took over: the case where a worker told only what had loaded when it
    // became ready missed them and the repeat visit had broken tiles.
    await page.route(/\/assets\/.*\.svg$/, async (route) => {
      const heldSince = Date.now();
      while (Date.now() - heldSince < 8_000) {
        const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null).catch(() => false);
        if (controlled) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await route.continue();
    });
    await page.goto('/');
    await page.getByTestId('game-tile-wingo-1').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => areTileImagesLoaded(page)).toBe(true);
    // The visit reaches the API (the notices) and asks for a GET under /api too, which a careless worker
    // would cache.
    expect(await requestFromPage(page, '/api/user/findNotice', 'POST')).toBe('status 200');
    expect(await requestFromPage(page, '/api/docs/json', 'GET')).toMatch(/^status \d+$/);
    // The worker caches the files of the visit that were loaded before it took control.
    await expect
      .poll(async () => (await cachedPaths(page)).filter((path) => path.endsWith('.svg') && path.startsWith('/assets/')).length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(8);
    const paths = await cachedPaths(page);
    expect(paths).toContain('/');
    expect(paths.filter((path) => path.startsWith('/api/') || path.startsWith('/socket.io/'))).toEqual([]);
    await page.close();

    await app!.stop();
    app = undefined;

    const repeat = await context.newPage();
    await repeat.goto('/');
    await repeat.getByTestId('game-tile-wingo-1').waitFor({ timeout: 15_000 });
    expect(await repeat.getByRole('heading', { level: 1 }).textContent()).toBe(en.home.heading);
    await expect.poll(() => areTileImagesLoaded(repeat)).toBe(true);
    // With the server gone, the API fails as a network error: no earlier answer stands in for it.
    expect(await requestFromPage(repeat, '/api/user/findNotice', 'POST')).toBe('failed: TypeError');
    expect(await requestFromPage(repeat, '/api/docs/json', 'GET')).toBe('failed: TypeError');
    await context.close();
  });
});
