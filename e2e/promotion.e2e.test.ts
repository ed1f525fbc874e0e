import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { latestCode, operator } from './support/operator.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';
import { callApi, newPlayer, type Player } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// The Promotion tab in a real browser: a player finds their invitation (code, link, QR), copies the
// link, a friend registers through it with the code already filled in and recharges ₹300 through the
// sandbox gateway, and the inviter's screen then counts one direct member and the ₹158 invite bonus
// (the default settings). The agent screens then show the friend: the report's direct and team
// figures (₹300 recharged), the subordinates list with its filters, commission history and the rules.
// The same screens in Arabic read right-to-left without sideways scrolling.

const en = readLocale('en-US');
const ar = readLocale('ar');
// The statistics of today refresh every second here (default 300), so the report catches up quickly.
const tests = setUpBrowserTests({ AGENT_STATS_REFRESH_SECONDS: '1' });

/** The agent screens linked from Promotion, with the test id each shows once loaded. */
const AGENT_SCREENS = [
  { path: '/star/report', ready: 'report-direct', link: 'promotion-link-report' },
  { path: '/star/list', ready: 'subordinates-list', link: 'promotion-link-list' },
  { path: '/star/commission', ready: 'commission-empty', link: 'promotion-link-commission' },
  { path: '/star/rules', ready: 'rules-levels', link: 'promotion-link-rules' },
] as const;

/** A mobile number no other test of this app uses (its registration code must not be held back). */
function freshMobile(): string {
  return `8${String(randomInt(100_000_000, 999_999_999))}`;
}

/** Opens Promotion from the bottom bar and waits for the invitation. */
async function openPromotionTab(page: Page): Promise<void> {
  await page.goto('/mine');
  await page.getByRole('link', { name: en.nav.promotion, exact: true }).click();
  await expect.poll(() => page.url()).toMatch(/\/promotion$/);
  await page.getByTestId('promotion-code').waitFor({ timeout: 15_000 });
}

/** Registers a new player on the page's current registration screen; returns with the profile shown. */
async function registerOnScreen(page: Page, mobile: string): Promise<void> {
  const password = `Pass-${mobile.slice(-4)}-e2e`;
  await page.getByLabel(en.auth.mobileLabel).fill(mobile);
  await page.getByRole('button', { name: en.auth.sendCode }).click();
  await page.getByLabel(en.auth.codeLabel).fill(await latestCode(tests.app, mobile));
  await page.getByLabel(en.auth.passwordLabel, { exact: true }).fill(password);
  await page.getByLabel(en.auth.confirmPasswordLabel).fill(password);
  await page.getByLabel(en.register.ageConfirm).check();
  await page.getByLabel(en.register.riskAccept).check();
  await page.getByRole('button', { name: en.register.submit, exact: true }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/mine$/);
}

/** Recharges through the sandbox gateway's page and waits for the completed record. */
async function rechargeInSandbox(page: Page, rupees: number): Promise<void> {
  await page.goto('/recharge');
  await page.getByLabel('Amount', { exact: true }).fill(String(rupees));
  await page.getByRole('button', { name: en.titles.recharge, exact: true }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/sandbox-pay\/R\d{20}/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/recharge_log$/);
  await expect
    .poll(() => page.getByTestId('recharge-record').first().getByTestId('record-status').textContent(), { timeout: 10_000 })
    .toBe('COMPLETED');
}

/** Waits until the report (today) shows `expected` for each test id, reloading while the statistics catch up. */
async function waitForReport(page: Page, expected: Record<string, string>): Promise<void> {
  const testIds = Object.keys(expected);
  await expect
    .poll(
      async () => {
        await page.goto('/star/report');
        await page.getByTestId('report-direct').waitFor({ timeout: 15_000 });
        return Object.fromEntries(await Promise.all(testIds.map(async (testId) => [testId, await textOf(page, testId)])));
      },
      { timeout: 30_000, interval: 1_500 },
    )
    .toEqual(expected);
}

/** The rows of the subordinates list as shown, once the list (or its empty state) is there. */
async function subordinateIds(page: Page): Promise<string[]> {
  await page
    .locator('[data-testid="subordinates-list"], [data-testid="subordinates-empty"]')
    .first()
    .waitFor({ timeout: 15_000 });
  return page.getByTestId('subordinate-id').allTextContents();
}

/** Registers a subordinate of `inviter` through the API (no recharge). */
async function newSubordinate(inviter: Player): Promise<Player & { id: number }> {
  const promotion = await callApi<{ promotionCode: string }>(tests.app, '/user/findPromote', {}, inviter.token);
  const mobile = freshMobile();
  const password = `Pass-${mobile.slice(-4)}-e2e`;
  await callApi(tests.app, '/smsserver/getCode', { mobile });
  const code = await latestCode(tests.app, mobile);
  const registered = await callApi<{ token: string; user: { id: number; nickName: string } }>(tests.app, '/user/regist', {
    mobile,
    password,
    code,
    invitationCode: promotion.promotionCode,
    ageConfirmed: true,
    riskAccepted: true,
  });
  return { mobile, password, token: registered.token, nickName: registered.user.nickName, id: registered.user.id };
}

describe('the Promotion tab in Chromium at 360×740', () => {
  it(
    'shows the invitation, copies the link, and counts the friend who registered through it and the ₹158 bonus',
    { timeout: 180_000 },
    async () => {
      const inviter = await newPlayer(tests.app);
      const page = await tests.openPage(inviter);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tests.app.baseUrl });
      await openPromotionTab(page);

      const code = (await textOf(page, 'promotion-code')).trim();
      expect(code).toMatch(/^[A-Z0-9]{4,}$/);
      const link = (await textOf(page, 'promotion-link')).trim();
      const linkUrl = new URL(link);
      expect(linkUrl.pathname).toBe('/reg');
      expect(linkUrl.searchParams.get('code')).toBe(code);
      // The QR code is the server's SVG drawn as an image, and it decodes as one (it has a size).
      const qr = page.getByTestId('promotion-qr');
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      expect(await textOf(page, 'promotion-direct-count')).toBe('0');
      expect(await textOf(page, 'promotion-bonus-total')).toBe('₹0.00');
      // The amounts sit in left-to-right isolates (U+2066…U+2069) so they keep their order in Arabic.
      expect((await textOf(page, 'promotion-bonus-rule')).replace(/[\u2066\u2069]/g, '')).toBe(
        en.agent.promotion.bonusRule.replace('{{threshold}}', '₹300.00').replace('{{amount}}', '₹158.00'),
      );
      // Share appears exactly where the browser has the Web Share API.
      const hasWebShare = await page.evaluate(() => typeof navigator.share === 'function');
      expect(await page.getByTestId('promotion-share').count()).toBe(hasWebShare ? 1 : 0);
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await page.getByRole('button', { name: en.agent.promotion.copyLink, exact: true }).click();
      await expect.poll(() => page.textContent('body')).toContain(en.agent.promotion.linkCopied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByRole('button', { name: en.agent.promotion.copyCode, exact: true }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);

      // The friend opens the copied link. Its origin is the deployment's public address; the test's
      // server answers on 127.0.0.1, so the friend follows the same path and query there.
      const friendPage = await tests.openPage();
      await friendPage.goto(`${linkUrl.pathname}${linkUrl.search}`);
      const invitationField = friendPage.getByLabel(en.register.invitationLabel);
      await expect.poll(() => invitationField.inputValue(), { timeout: 10_000 }).toBe(code);
      await registerOnScreen(friendPage, freshMobile());
      await rechargeInSandbox(friendPage, 300);

      await expect
        .poll(
          async () => {
            await openPromotionTab(page);
            return [await textOf(page, 'promotion-direct-count'), await textOf(page, 'promotion-bonus-total')];
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toEqual(['1', '₹158.00']);
      expect(await textOf(page, 'promotion-team-count')).toBe('1');
      expect(await textOf(page, 'promotion-new-today')).toBe('1');
      expect(await textOf(page, 'promotion-bonus-count')).toBe('1');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('promotion-en-360x740.png') });
      await page.screenshot({ path: screenshotPath('promotion-en-360-full.png'), fullPage: true });

      // The agent screens, from Promotion's links.
      for (const screen of AGENT_SCREENS) {
        expect(await page.getByTestId(screen.link).getAttribute('href')).toBe(screen.path);
      }
      await page.getByTestId('promotion-link-report').click();
      await expect.poll(() => page.url()).toMatch(/\/star\/report$/);
      const friendToken = await friendPage.evaluate(() => localStorage.getItem('token'));
      const friend = await callApi<{ id: number; mobile: string }>(tests.app, '/user/findUserInfo', {}, friendToken!);

      // The report of today counts the friend's ₹300 for the direct members and for the whole team,
      // once the statistics have refreshed (every second in this app).
      await waitForReport(page, {
        'report-direct-usersNumber': '1',
        'report-direct-registerNumber': '1',
        'report-direct-rechargeAmount': '₹300.00',
        'report-direct-rechargeNumber': '1',
        'report-direct-firstRechargeNumber': '1',
        'report-team-usersNumber': '1',
        'report-team-rechargeAmount': '₹300.00',
        'report-team-rechargeNumber': '1',
        'report-team-withdrawalAmount': '₹0.00',
      });
      expect(await page.getByTestId('report-period-today').getAttribute('aria-pressed')).toBe('true');
      expect(await textOf(page, 'report-updated')).toContain(en.agent.report.refreshEvery.split('{{')[0].trim());
      // One day, one pair of bars: the deposits bar is the tallest (₹300 on an axis of ₹500).
      const chart = page.getByTestId('report-chart');
      expect(await chart.locator('rect').count()).toBe(2);
      expect(await chart.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('agent-report-en-360-full.png'), fullPage: true });

      // This month includes today; a reversed custom range is refused before anything is asked.
      await page.getByTestId('report-period-month').click();
      await expect.poll(() => textOf(page, 'report-team-rechargeAmount'), { timeout: 15_000 }).toBe('₹300.00');
      await page.getByTestId('report-period-custom').click();
      const customRange = page.getByTestId('report-custom-range');
      await customRange.getByLabel(en.agent.report.from, { exact: true }).fill('2026-01-10');
      await customRange.getByLabel(en.agent.report.to, { exact: true }).fill('2026-01-01');
      await customRange.getByRole('button', { name: en.agent.report.apply }).click();
      await expect.poll(() => customRange.getByRole('alert').textContent()).toBe(en.errors.DATE_RANGE_INVALID);

      // The subordinates list: the friend at depth 1 with a masked login, found by ID, not at depth 2.
      await page.goto('/star/list');
      expect(await subordinateIds(page)).toEqual([String(friend.id)]);
      expect(await textOf(page, 'subordinate-depth')).toBe(en.agent.list.depthOption.replace('{{depth}}', '1'));
      const account = await textOf(page, 'subordinate-account');
      expect(account).not.toContain(friend.mobile);
      expect(account.endsWith(friend.mobile.slice(-4))).toBe(true);
      expect(await textOf(page, 'subordinate-total-people')).toBe('0');
      expect(await textOf(page, 'subordinate-contribution')).toBe('₹0.00');
      expect(await textOf(page, 'subordinates-end')).toBe(en.agent.list.end);
      await page.screenshot({ path: screenshotPath('agent-list-en-360-full.png'), fullPage: true });
      await page.getByTestId('subordinates-depth-2').click();
      await page.getByTestId('subordinates-empty').waitFor({ timeout: 10_000 });
      expect(await subordinateIds(page)).toEqual([]);
      await page.getByRole('button', { name: en.agent.list.clearFilters }).click();
      expect(await subordinateIds(page)).toEqual([String(friend.id)]);
      await page.getByLabel(en.agent.list.searchLabel).fill(String(friend.id));
      await page.getByTestId('subordinates-apply').click();
      await expect.poll(() => page.url()).toContain(`search=${friend.id}`);
      expect(await subordinateIds(page)).toEqual([String(friend.id)]);
      expect(await hasHorizontalOverflow(page)).toBe(false);

      // Commission is paid after the day is over, so the history is still empty; the rules name the bonus.
      await page.goto('/star/commission');
      await page.getByTestId('commission-empty').waitFor({ timeout: 15_000 });
      await page.goto('/star/rules');
      await page.getByTestId('rules-levels').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('rules-level').count()).toBeGreaterThan(0);
      const bonusRule = (await textOf(page, 'rules-bonus')).replace(/[\u2066\u2069]/g, '');
      expect(bonusRule).toContain('₹300.00');
      expect(bonusRule).toContain('₹158.00');
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('agent-rules-en-360-full.png'), fullPage: true });
      expect(operator(tests.app, 'ledger:check').join('\n')).toContain('ledger OK');
    },
  );

  it('lays Promotion out right-to-left in Arabic without sideways scrolling at 360 and 320 px', async () => {
    const page = await tests.openPage(await newPlayer(tests.app), { language: 'ar' });
    await page.goto('/promotion');
    await page.getByTestId('promotion-code').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const body = (await page.textContent('body')) ?? '';
    expect(body).toContain(ar.agent.promotion.invitationTitle);
    expect(body).toContain(ar.agent.promotion.howTitle);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('promotion-ar-360x740.png') });
    await page.screenshot({ path: screenshotPath('promotion-ar-360-full.png'), fullPage: true });
    await page.setViewportSize({ width: 320, height: 740 });
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('promotion-ar-320-full.png'), fullPage: true });
  });
  it(
    'lays the agent screens out right-to-left in Arabic without sideways scrolling at 360 and 320 px',
    { timeout: 120_000 },
    async () => {
      const inviter = await newPlayer(tests.app);
      const subordinate = await newSubordinate(inviter);
      const page = await tests.openPage(inviter, { language: 'ar' });
      for (const screen of AGENT_SCREENS) {
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(screen.path);
        await page.getByTestId(screen.ready).waitFor({ timeout: 15_000 });
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await hasHorizontalOverflow(page), `${screen.path} at 360 px`).toBe(false);
        const name = screen.path.replace('/star/', '');
        await page.screenshot({ path: screenshotPath(`agent-${name}-ar-360-full.png`), fullPage: true });
        await page.setViewportSize({ width: 320, height: 740 });
        expect(await hasHorizontalOverflow(page), `${screen.path} at 320 px`).toBe(false);
        await page.screenshot({ path: screenshotPath(`agent-${name}-ar-320-full.png`), fullPage: true });
      }
      // The texts are the Arabic ones, and the subordinate registered through the API is listed.
      await page.goto('/star/list');
      expect(await subordinateIds(page)).toEqual([String(subordinate.id)]);
      expect(await textOf(page, 'subordinate-depth')).toBe(ar.agent.list.depthOption.replace('{{depth}}', '1'));
      await page.goto('/star/report');
      await page.getByTestId('report-direct').waitFor({ timeout: 15_000 });
      const body = (await page.textContent('body')) ?? '';
      expect(body).toContain(ar.agent.report.scope.direct);
      expect(body).toContain(ar.agent.report.chartTitle);
      expect(body).toContain(ar.titles.agentReport);
      // Time runs right to left in Arabic: the chart's drawing is mirrored.
      const transform = await page
        .getByTestId('report-chart')
        .locator('svg')
        .evaluate((svg) => getComputedStyle(svg).transform);
      expect(transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    },
  );
  it(
    'pages the subordinates list by cursor as it scrolls, and retries a commission history load the network dropped',
    { timeout: 120_000 },
    async () => {
      const inviter = await newPlayer(tests.app);
      const members: number[] = [];
      // One more than a page (20), registered one after another so the newest is known.
      for (let index = 0; index < 21; index += 1) members.push((await newSubordinate(inviter)).id);
      const page = await tests.openPage(inviter);
      await page.goto('/star/list');
      await page.getByTestId('subordinates-list').waitFor({ timeout: 15_000 });
      expect(await textOf(page, 'subordinates-total')).toBe(en.agent.list.total.replace('{{total}}', '21'));
      // Newest first; the first page holds 20, the observer fetches the last one when the end comes into view.
      expect(await page.getByTestId('subordinate-id').allTextContents()).toEqual(
        members
          .slice(1)
          .reverse()
          .map((id) => String(id)),
      );
      await page.getByTestId('subordinates-footer').scrollIntoViewIfNeeded();
      await page.getByTestId('subordinates-end').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('subordinate-id').allTextContents()).toEqual(members.reverse().map((id) => String(id)));
      expect(await hasHorizontalOverflow(page)).toBe(false);

      // A load that fails on the network shows the error with a retry, which then loads the real
      // answer: commission is paid for finished days only, so this new team has none yet.
      let isFirstCall = true;
      await page.route('**/api/agent/commissionHistory', async (route) => {
        if (isFirstCall) {
          isFirstCall = false;
          await route.abort('internetdisconnected');
          return;
        }
        await route.continue();
      });
      await page.goto('/star/commission');
      await page.getByRole('button', { name: en.common.retry }).click();
      await page.getByTestId('commission-empty').waitFor({ timeout: 10_000 });
      expect(await textOf(page, 'commission-empty')).toContain(en.agent.commission.emptyTitle);
      await page.setViewportSize({ width: 320, height: 740 });
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.screenshot({ path: screenshotPath('agent-commission-en-320-full.png'), fullPage: true });
    },
  );
});
