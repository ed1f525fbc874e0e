import { formatMoney } from '@mayur/rules/money';
import type { Page } from 'playwright-core';

// Small reads of a page that every browser test makes.

/** The text of the first element with this test id ('' when it has none). */
export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent()) ?? '';
}

/** Whether the page scrolls sideways: a phone layout must never. */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Paise as the app shows money in English: ₹ with Indian digit grouping, two decimals. */
export function rupees(paise: bigint): string {
  const [whole, fraction] = formatMoney(paise).split('.');
  return `₹${Number(whole).toLocaleString('en-IN')}.${fraction}`;
}
