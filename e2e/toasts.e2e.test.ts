import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Toasts at 360×740: a new toast replaces a stale error instead of piling up under it, and
// no toast ever covers the back button (they sit below the top bar).

const en = readLocale('en-US');
const tests = setUpBrowserTests();

/** The toasts on screen (a dismissed one is marked removed while it animates out). */
const shownToasts = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])');

async function redeem(page: Page, code: string) {
  await page.getByLabel(en.gift.codeLabel).fill(code);
  await page.getByRole('button', { name: en.gift.redeem, exact: true }).tap();
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

describe('toasts', () => {
  it('replaces a stale error with the newer one and never covers the back button', async () => {
    const page = await tests.openPage(await newPlayer(tests.app));
    await page.goto('/gift');
    const back = page.getByRole('button', { name: en.common.back });

    // An unknown code: the server's refusal is toasted.
    await redeem(page, 'NOSUCHCODE1');
    await expect.poll(() => shownToasts(page).count(), { timeout: 10_000 }).toBe(1);
    const firstText = (await shownToasts(page).first().textContent()) ?? '';
    expect(firstText).not.toBe('');

    // The network fails on the next try: its error replaces the first instead of stacking on it.
    await page.route('**/api/cash/redeemGift', (route) => route.abort('internetdisconnected'));
    await redeem(page, 'NOSUCHCODE2');
    await expect
      .poll(async () => (await shownToasts(page).first().textContent()) ?? '', { timeout: 10_000 })
      .toContain(en.errors.NETWORK);
    // Well before the first would have timed out (sonner keeps a toast for 4 s); the replaced one may
    // take a moment to be marked removed on a busy machine.
    await expect.poll(() => shownToasts(page).count(), { timeout: 1_500 }).toBe(1);
    expect(await shownToasts(page).first().textContent()).not.toContain(firstText);

    // Where the toast comes to rest once it has slid in.
    await expect.poll(async () => (await boxOf(shownToasts(page).first())).y, { timeout: 3_000 }).toBeGreaterThanOrEqual(56);
    const toast = await boxOf(shownToasts(page).first());
    const backButton = await boxOf(back);
    expect(overlaps(toast, backButton)).toBe(false);
    await page.screenshot({ path: screenshotPath('toast-360x740.png') });
  }, 60_000);

  it('keeps toasts below a game screen’s header and its back button', async () => {
    const page = await tests.openPage(await newPlayer(tests.app));
    // Any refusal will do: the balance read fails, as on a flaky network.
    await page.route('**/api/user/balance', (route) => route.abort('internetdisconnected'));
    await page.goto('/games/wingo');
    const header = page.locator('header').first();
    await expect.poll(() => header.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => shownToasts(page).count(), { timeout: 10_000 }).toBe(1);
    const headerBox = await boxOf(header);
    await expect
      .poll(async () => (await boxOf(shownToasts(page).first())).y, { timeout: 3_000 })
      .toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    await page.screenshot({ path: screenshotPath('toast-game-360x740.png') });
    const toast = await boxOf(shownToasts(page).first());
    const backButton = await boxOf(page.getByRole('button', { name: en.common.back }).first());
    expect(overlaps(toast, backButton)).toBe(false);
  }, 60_000);
});
