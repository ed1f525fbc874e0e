import { describe, expect, it } from 'vitest';
import en from '../apps/admin/src/shared/i18n/locales/en.json';
import { solidPng } from '../apps/server/test/banner-fixtures.ts';
import { setUpConsoleTests } from './support/admin-console.ts';

// The home carousel's banners in Chromium (decision 0023 "Banners"): an owner
// uploads a banner in the console (a PNG named .jpg, previewed at the carousel's size), a player's
// home shows it with its alt text and size and opens its link when tapped, and after the owner deletes
// it (through the confirmation dialog) home shows the app's own two slides again.

const tests = setUpConsoleTests();

async function playerHome() {
  const page = await tests.desktopPage();
  await page.setViewportSize({ width: 390, height: 844 });
  // A returning player who has read the notice: the notice dialog does not open over the banner.
  await page.addInitScript(() => {
    window.localStorage.setItem('readNotice', '1');
    window.localStorage.setItem('mobile', '9876500000');
  });
  // Home paints its own slides at once and reads the operators' banners after: wait for that answer.
  const banners = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/home/banners', {
    timeout: 15_000,
  });
  await page.goto('/');
  const answer = await banners;
  expect(answer.status()).toBe(200);
  const showing = ((await answer.json()) as { obj: { list: unknown[] } }).obj.list.length;
  await expect.poll(() => page.getByTestId('banner').isVisible(), { timeout: 15_000 }).toBe(true);
  return { page, showing };
}

describe('home banners from the console, Chromium', () => {
  it(
    'an owner uploads a banner that the player’s home then shows and opens, and deleting it brings back the built-in slides',
    { timeout: 180_000 },
    async () => {
      // Before any upload: the app's own two slides.
      const { page: before, showing: showingBefore } = await playerHome();
      expect(showingBefore).toBe(0);
      await expect.poll(() => before.getByTestId('banner').getByRole('group').count()).toBe(2);
      expect(await before.getByTestId('operator-banner').count()).toBe(0);

      const owner = await tests.operatorPage('banner-owner@mayur.test', 'Bina Owner', 'owner');
      await owner.getByRole('link', { name: en.nav.content, exact: true }).click();
      await owner.getByRole('button', { name: en.banners.new }).click();
      const form = owner.getByRole('form', { name: en.banners.new });
      await form
        .getByLabel(en.banners.image, { exact: true })
        .setInputFiles({ name: 'diwali.jpg', mimeType: 'image/jpeg', buffer: solidPng(750, 250, [230, 120, 20]) });
      await expect.poll(() => form.textContent(), { timeout: 10_000 }).toContain('image/png, 750 × 250');
      await form.getByLabel(en.banners.alt).fill('Diwali lights: a bonus on every recharge');
      await form.getByLabel(en.banners.headline).fill('Diwali bonus');
      await form.getByLabel(en.banners.link).fill('/activity');
      // The preview is the carousel's frame with the chosen image in it.
      const preview = owner.getByTestId('banner-preview');
      await expect.poll(() => preview.getByRole('img').count()).toBe(1);
      const frame = await preview.locator('.banner-frame').boundingBox();
      expect([frame?.width, frame?.height]).toEqual([343, 125]);
      await form.getByRole('button', { name: en.banners.upload }).click();
      const row = owner.getByRole('row').filter({ hasText: 'Diwali lights' });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      expect(await row.textContent()).toContain(en.banners.states.showing);

      // The player's home shows it: the operator's image with its size, alt text and headline.
      const { page: home, showing: showingNow } = await playerHome();
      expect(showingNow).toBe(1);
      const slide = home.getByTestId('operator-banner');
      await expect.poll(() => slide.count(), { timeout: 15_000 }).toBe(1);
      const image = slide.getByRole('img', { name: 'Diwali lights: a bonus on every recharge' });
      expect(await image.getAttribute('src')).toMatch(/^\/banners\/[0-9a-f]{64}\.png$/);
      expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['750', '250']);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(750);
      expect(await slide.textContent()).toContain('Diwali bonus');
      await slide.getByRole('link').click();
      await expect.poll(() => new URL(home.url()).pathname).toBe('/activity');

      // Deleted after the confirmation dialog: home is back to its own slides.
      await row.getByRole('button', { name: en.banners.delete }).click();
      const dialog = owner.getByRole('dialog', { name: en.banners.confirmDeleteTitle });
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
      await dialog.getByRole('button', { name: en.banners.delete }).click();
      await expect.poll(() => owner.getByText(en.banners.none).isVisible(), { timeout: 10_000 }).toBe(true);
      const { page: after, showing: showingAfter } = await playerHome();
      expect(showingAfter).toBe(0);
      await expect.poll(() => after.getByTestId('banner').getByRole('group').count()).toBe(2);
      expect(await after.getByTestId('operator-banner').count()).toBe(0);
    },
  );
});
