import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { hasHorizontalOverflow } from './support/page.ts';
import { screenshotPath } from './support/screenshots.ts';

// The operator lists their own help organisations (RG_HELP_ORGANISATIONS): Responsible gaming shows
// exactly those, with their call, website and e-mail links, instead of the built-in list for India,
// also to a visitor who has not logged in. (support.e2e.test.ts sees the built-in list when none is set.)

const ORGANISATIONS = [
  {
    name: 'Mayur Care Line',
    phone: '+91 80000 12345',
    url: 'https://care.mayur.example',
    email: 'care@mayur.example',
    description: 'Our own team, trained to listen, every day from 9:00 to 21:00.',
  },
  { name: 'Helping Hands Trust', url: 'https://helpinghands.example' },
];
const tests = setUpBrowserTests({ RG_HELP_ORGANISATIONS: JSON.stringify(ORGANISATIONS) });

describe('help organisations set by the operator, in Chromium at 360×740', () => {
  it('shows the operator’s list with its links instead of the built-in one', async () => {
    const page = await tests.openPage();
    await page.goto('/responsible-gaming');
    const list = page.getByTestId('rg-organisations');
    await list.waitFor({ timeout: 15_000 });
    expect(await list.getAttribute('data-source')).toBe('operator');
    expect(await list.locator('h3').allTextContents()).toEqual(['Mayur Care Line', 'Helping Hands Trust']);
    expect(await list.textContent()).toContain(ORGANISATIONS[0]!.description);
    expect(await list.locator('a[href="tel:+918000012345"]').count()).toBe(1);
    expect(await list.locator('a[href="mailto:care@mayur.example"]').count()).toBe(1);
    expect(await list.locator('a[href="https://helpinghands.example"]').getAttribute('rel')).toBe('noopener noreferrer');
    // None of the built-in organisations.
    expect(await list.locator('a[href="tel:14416"]').count()).toBe(0);
    // A visitor reads what the tools do and is offered the way to log in.
    expect(await page.getByTestId('rg-login').getAttribute('href')).toBe('/login');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('responsible-gaming-visitor-360x740.png'), fullPage: true });
  });
});
