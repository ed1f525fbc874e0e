import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';

// Hindi and Sinhala bring their script's font: this machine's Chromium has neither, so
// without the bundled Noto fonts their text would render as fallback boxes. The fonts are fetched only
// for those languages.

const tests = setUpBrowserTests();

type FontReport = { faces: Array<{ family: string; status: string }>; appWidth: number; fallbackWidth: number };

/**
 * The script font faces the page registered, and the width of `text` laid out in the app's own font
 * stack next to the same text in the browser's fallback for that script.
 */
function measure(page: Page, text: string): Promise<FontReport> {
  return page.evaluate((sample) => {
    const width = (fontFamily: string) => {
      const span = document.createElement('span');
      span.textContent = sample;
      span.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font-size:32px;font-family:${fontFamily}`;
      document.body.append(span);
      const measured = span.getBoundingClientRect().width;
      span.remove();
      return measured;
    };
    return {
      faces: Array.from(document.fonts as unknown as Iterable<FontFace>)
        .filter((face) => /Devanagari|Sinhala/.test(face.family))
        .map((face) => ({ family: face.family.replace(/"/g, ''), status: face.status })),
      appWidth: width(getComputedStyle(document.body).fontFamily),
      fallbackWidth: width('sans-serif'),
    };
  }, text);
}

async function waitForFont(page: Page, family: string, sample: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([name, text]) => document.fonts.load(`16px "${name}"`, text).then((faces) => faces.length),
          [family, sample],
        ),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
}

describe('script fonts', () => {
  it('renders Hindi with the bundled Devanagari font', async () => {
    const hi = readLocale('hi');
    const page = await tests.openPage(undefined, { language: 'hi' });
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(request.url());
    });
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 15_000 }).toBe('hi');
    await waitForFont(page, 'Noto Sans Devanagari', hi.home.popularGames);
    expect(await page.evaluate((text) => document.fonts.check('16px "Noto Sans Devanagari"', text), hi.home.popularGames)).toBe(
      true,
    );
    const report = await measure(page, hi.home.popularGames);
    expect(report.faces).toContainEqual({ family: 'Noto Sans Devanagari', status: 'loaded' });
    expect(report.faces.every((face) => face.family === 'Noto Sans Devanagari')).toBe(true);
    // Laid out in the bundled font, the glyphs do not have the widths of the fallback's boxes.
    expect(Math.abs(report.appWidth - report.fallbackWidth)).toBeGreaterThan(2);
    expect(fontRequests.every((url) => /noto-sans-devanagari-devanagari-(400|700)-normal/.test(url))).toBe(true);
    expect(fontRequests.length).toBeGreaterThan(0);
  }, 60_000);

  it('renders Sinhala with the bundled Sinhala font', async () => {
    const si = readLocale('si');
    const page = await tests.openPage(undefined, { language: 'si' });
    await page.goto('/');
    await waitForFont(page, 'Noto Sans Sinhala', si.home.popularGames);
    const report = await measure(page, si.home.popularGames);
    expect(report.faces).toContainEqual({ family: 'Noto Sans Sinhala', status: 'loaded' });
    expect(Math.abs(report.appWidth - report.fallbackWidth)).toBeGreaterThan(2);
  }, 60_000);

  it('fetches no script font for a language that does not need one', async () => {
    const page = await tests.openPage();
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (/\.(woff2?|ttf)$/.test(request.url())) fontRequests.push(request.url());
    });
    await page.goto('/');
    await expect.poll(() => page.getByTestId('game-tile-wingo-1').count(), { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    expect((await measure(page, 'Mayur')).faces).toEqual([]);
    expect(fontRequests).toEqual([]);
  }, 60_000);
});
