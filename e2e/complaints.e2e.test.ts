import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PNG_RECEIPT_240X120_BASE64 } from '../apps/server/test/screenshot-fixtures.ts';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { operator } from './support/operator.ts';
import { hasHorizontalOverflow } from './support/page.ts';
import { callApi, newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Complaints in a real browser on the embedded default: a player files a complaint about their own
// recharge with a screenshot, the operator answers from the CLI, the player reads the answer (and the
// unread badge goes); the same conversation in Arabic, right to left.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests();

const ANSWER = 'We found your payment (UTR 4711) and credited it. Sorry for the wait.';

async function screenshotWidth(page: Page): Promise<number> {
  const image = page.getByTestId('complaint-screenshot').first();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { timeout: 10_000 })
    .toBe(240);
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

describe('complaints and suggestions in Chromium at 360×740', () => {
  it(
    'files a complaint about a recharge with a screenshot; the operator answers from the CLI; the player reads it',
    { timeout: 180_000 },
    async () => {
      const player = await newPlayer(tests.app);
      const order = await callApi<{ orderNo: string }>(tests.app, '/cash/payNew', { amount: '300', method: 'upi' }, player.token);

      const page = await tests.openPage(player);
      await page.goto('/complaint');
      await page.getByRole('radio', { name: en.complaints.types.recharge }).check();
      const reference = page.getByLabel(en.complaints.form.referenceLabel);
      await expect.poll(() => reference.isEnabled(), { timeout: 10_000 }).toBe(true);
      const optionValue = `recharge:${order.orderNo}`;
      await reference.selectOption(optionValue);

      // A file that is not an image is refused in the browser before anything is sent.
      await page.getByTestId('complaint-screenshot-input').setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      });
      await expect.poll(() => page.textContent('body')).toContain(en.errors.SCREENSHOT_TYPE_INVALID);

      await page.getByTestId('complaint-screenshot-input').setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PNG_RECEIPT_240X120_BASE64, 'base64'),
      });
      await expect.poll(() => page.getByRole('img', { name: 'Screenshot 1' }).count()).toBe(1);
      const text = 'I paid ₹300 by UPI at 14:00 (UTR 4711) and nothing arrived.';
      await page.getByLabel(en.complaints.form.textLabel).fill(text);
      expect(await page.textContent('body')).toContain(`${text.length} / 1000`);
      await page.getByRole('button', { name: en.complaints.form.submit, exact: true }).click();
      await expect.poll(() => page.getByTestId('complaint-filed').isVisible(), { timeout: 15_000 }).toBe(true);
      const filedText = (await page.getByTestId('complaint-filed').textContent()) ?? '';
      const number = /C\d{14,}/.exec(filedText)?.[0];
      expect(number, filedText).toBeDefined();

      // The operator's queue lists it with its record and screenshot; the answer goes out from the CLI.
      const queue = operator(tests.app, 'complaint:list').join('\n');
      expect(queue).toContain(`${number} `);
      expect(queue).toContain(`about recharge ${order.orderNo}`);
      expect(queue).toContain('1 screenshot(s)');
      expect(operator(tests.app, 'complaint:reply', '--complaint', number!, '--text', ANSWER).join('\n')).toContain(
        `answered ${number}`,
      );

      // The player sees the answer waiting, opens it, and the badge goes.
      await page.goto('/addsug');
      await expect.poll(() => page.getByTestId('complaint-unread').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByTestId('complaint-status').first().textContent()).toBe(en.complaints.statuses.answered);
      await page.getByTestId('complaint-item').first().click();
      await expect.poll(() => page.getByTestId('message-operator').textContent(), { timeout: 10_000 }).toContain(ANSWER);
      expect(await page.getByTestId('message-player').first().textContent()).toContain('UTR 4711');
      expect(await page.textContent('body')).toContain(order.orderNo);
      expect(await screenshotWidth(page)).toBe(240);
      await expect
        .poll(
          async () => (await callApi<{ unreadCount: number }>(tests.app, '/user/unreadComplaints', {}, player.token)).unreadCount,
          { timeout: 10_000 },
        )
        .toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('complaint-thread.png') });

      // A reply opens it again for the operator.
      await page.getByLabel(en.complaints.thread.replyLabel).fill('Received, thank you!');
      await page.getByRole('button', { name: en.complaints.thread.send, exact: true }).click();
      await expect.poll(() => page.getByTestId('message-player').count(), { timeout: 10_000 }).toBe(2);
      expect(await page.getByTestId('complaint-status').textContent()).toBe(en.complaints.statuses.open);
      expect(operator(tests.app, 'complaint:list', '--complaint', number!).join('\n')).toContain('Received, thank you!');

      // The same conversation in Arabic, right to left.
      const arabic = await tests.openPage(player, { language: 'ar' });
      await arabic.goto('/addsug?tab=mine');
      await expect.poll(() => arabic.evaluate(() => document.documentElement.dir), { timeout: 10_000 }).toBe('rtl');
      await expect.poll(() => arabic.getByTestId('complaint-item').count(), { timeout: 10_000 }).toBe(1);
      expect(await arabic.getByTestId('complaint-status').textContent()).toBe(ar.complaints.statuses.open);
      expect(await arabic.textContent('body')).toContain(ar.complaints.types.recharge);
      await arabic.getByTestId('complaint-item').click();
      await expect.poll(() => arabic.getByTestId('message-operator').textContent(), { timeout: 10_000 }).toContain(ANSWER);
      expect(await arabic.textContent('body')).toContain(ar.complaints.thread.support);
      expect(await screenshotWidth(arabic)).toBe(240);
      expect(await hasHorizontalOverflow(arabic)).toBe(false);
      await arabic.screenshot({ path: screenshotPath('complaint-thread-ar.png') });

      await arabic.goto('/complaint');
      await expect
        .poll(() => arabic.getByRole('radio', { name: ar.complaints.types.suggestion }).count(), { timeout: 10_000 })
        .toBe(1);
      expect(await arabic.textContent('body')).toContain(ar.complaints.form.typeLabel);
      expect(await hasHorizontalOverflow(arabic)).toBe(false);
      await arabic.screenshot({ path: screenshotPath('complaint-form-ar.png') });
    },
  );
});
