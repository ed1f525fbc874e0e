import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { hasHorizontalOverflow } from './support/page.ts';
import { operator } from './support/operator.ts';
import { callApi, newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// The help centre in a real browser. The operator has set Telegram and e-mail but not WhatsApp: a
// player opens Support from Mine, finds an answer by typing (without accents, any case), sees the
// empty state for a search with no answer, sees the two channels as links that open Telegram and the
// mail app (and no WhatsApp), and sees the complaint they filed listed as open. The same screen in
// Arabic reads right to left without sideways scrolling, and Mine leads to About and Responsible gaming.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests({ SUPPORT_TELEGRAM: '@mayur_help', SUPPORT_EMAIL: 'help@mayur.example' });

describe('the help centre in Chromium at 360×740', () => {
  it(
    'opens from Mine, searches as the player types, shows the set channels and the answered complaint, with the badge on Mine',
    { timeout: 120_000 },
    async () => {
      const player = await newPlayer(tests.app);
      const complaint = await callApi<{ id: string; number: string }>(
        tests.app,
        '/user/addComplaints',
        { type: 'recharge', text: 'My recharge has not arrived after an hour.', requestKey: 'support-e2e-0001' },
        player.token,
      );
      operator(tests.app, 'complaint:reply', '--complaint', complaint.number, '--text', 'We are checking it with the bank.');
      const page = await tests.openPage(player);
      await page.goto('/mine');
      // Mine's Complaints & Suggestions entry carries the operator's unread answer.
      const complaintsEntry = page.getByRole('link', { name: new RegExp(`^${en.titles.complaint}`) });
      await expect
        .poll(() => complaintsEntry.getByTestId('menu-badge').textContent(), { timeout: 15_000 })
        .toBe(`1${en.mine.unreadAnswers.replace('{{count}}', '1')}`);
      expect(await complaintsEntry.getAttribute('href')).toBe('/addsug');
      await page.screenshot({ path: screenshotPath('mine-help-360x740.png'), fullPage: true });
      await page.getByRole('link', { name: en.titles.support, exact: true }).click();
      await expect.poll(() => page.url()).toMatch(/\/support$/);
      await page.getByTestId('help-topic-deposits').waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-testid="help-question"]:visible').count()).toBe(0);

      // Typing filters at once; "WAIT" in capitals and "recharge" find the answer about a late recharge.
      const search = page.getByRole('searchbox', { name: en.support.search.label });
      await search.fill('recharge WAIT');
      await expect
        .poll(() => page.locator('[data-testid="help-question"]:visible').allTextContents())
        .toEqual([`${en.support.topics.deposits.notCredited.q}${en.support.topics.deposits.notCredited.a}`]);
      await expect
        .poll(() => page.getByTestId('help-result-count').textContent())
        .toBe(en.support.search.results.replace('{{count}}', '1'));

      await search.fill('zebra crossing');
      await page.getByTestId('help-empty').waitFor();
      expect(await page.getByTestId('help-empty').textContent()).toContain('“zebra crossing”');
      await page.getByRole('button', { name: en.support.search.clear }).click();
      await expect.poll(() => page.locator('[data-testid^="help-topic-"]').count()).toBe(7);

      // A topic opens and closes on its own.
      const security = page.getByRole('button', { name: new RegExp(en.support.topics.security.title) });
      await security.click();
      expect(await security.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('[data-testid="help-question"]:visible').count()).toBe(3);

      await page.getByTestId('support-channel-telegram').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('support-channel-telegram').getAttribute('href')).toBe('https://t.me/mayur_help');
      expect(await page.getByTestId('support-channel-email').getAttribute('href')).toBe('mailto:help@mayur.example');
      expect(await page.getByTestId('support-channel-whatsapp').count()).toBe(0);

      // The answered complaint is still open, marked with its new answer, and opens its conversation.
      const openComplaint = page.getByTestId('support-open-complaint');
      await openComplaint.waitFor({ timeout: 10_000 });
      expect(await openComplaint.textContent()).toContain(complaint.number);
      expect(await openComplaint.textContent()).toContain(en.complaints.statuses.answered);
      expect(await openComplaint.textContent()).toContain(en.support.complaints.unread);
      expect(await openComplaint.getAttribute('href')).toBe(`/addsug?id=${complaint.id}`);
      expect(await page.getByTestId('support-new-complaint').getAttribute('href')).toBe('/complaint');
      expect(await page.getByTestId('support-all-complaints').getAttribute('href')).toBe('/addsug');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('support-en-360x740.png'), fullPage: true });
    },
  );

  it(
    'reads right to left in Arabic, finds Arabic text typed with vowel marks, and Mine leads to About and Responsible gaming',
    { timeout: 120_000 },
    async () => {
      const player = await newPlayer(tests.app);
      const page = await tests.openPage(player, { language: 'ar' });
      await page.goto('/support');
      await page.getByTestId('help-topic-withdrawals').waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ar.titles.support);

      // "السَّحْب" typed with its vowel marks finds the plainly written withdrawal topic, and with it all its questions.
      await page.getByRole('searchbox', { name: ar.support.search.label }).fill('السَّحْب');
      await page.getByTestId('help-topic-withdrawals').waitFor();
      expect(await page.getByTestId('help-topic-withdrawals').locator('[data-testid="help-question"]:visible').count()).toBe(4);
      expect(await page.getByTestId('support-channel-telegram').textContent()).toContain(ar.support.contact.telegram);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('support-ar-360x740.png'), fullPage: true });

      await page.goto('/mine');
      await page.getByRole('link', { name: ar.titles.about, exact: true }).click();
      await expect.poll(() => page.url()).toMatch(/\/about$/);
      await page.getByTestId('about-version').waitFor({ timeout: 15_000 });
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('about-ar-360x740.png'), fullPage: true });
      await page.goto('/mine');
      await page.getByRole('link', { name: ar.titles.responsibleGaming, exact: true }).click();
      await expect.poll(() => page.url()).toMatch(/\/responsible-gaming$/);
      await page.getByTestId('rg-organisations').waitFor({ timeout: 15_000 });
      expect(await page.locator('a[href="tel:14416"]').count()).toBe(1);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('responsible-gaming-ar-360x740.png'), fullPage: true });
    },
  );
});
