import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';
import { callApi, newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Player protection in a real browser. A player sets a daily deposit limit on Responsible gaming (a
// first limit applies at once, a raise waits 24 hours and can be dropped) and is refused a recharge
// above it with the limit named; a player starts a 24-hour time-out through both confirmations and the
// games refuse their bets in their language, with the banner on the game, recharge and gift screens;
// the reality check pauses a game once the player's interval has passed; and Responsible gaming reads
// right to left in Arabic without sideways scrolling.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests();

/** The part of a translated text before its first placeholder that is not given. */
function textBefore(template: string, placeholder: string, values: Record<string, string> = {}): string {
  const filled = Object.entries(values).reduce((text, [name, value]) => text.replace(`{{${name}}}`, value), template);
  return filled.slice(0, filled.indexOf(`{{${placeholder}}}`));
}

describe('player protection in Chromium at 360×740', () => {
  it('sets a daily deposit limit, sees a raise wait 24 hours, and is refused a recharge above the limit with it named', async () => {
    const player = await newPlayer(tests.app);
    const page = await tests.openPage(player);
    await page.goto('/responsible-gaming');
    const daily = page.getByTestId('limit-deposit-day');
    await daily.waitFor({ timeout: 15_000 });
    expect(await daily.textContent()).toContain(en.protection.limits.noLimit);

    // A first limit applies at once.
    await daily.getByTestId('limit-deposit-day-edit').click();
    await daily.getByLabel(en.protection.limits.amountLabel).fill('300');
    expect(await daily.textContent()).toContain(en.protection.limits.appliesNow);
    await daily.getByTestId('limit-save').click();
    await expect.poll(() => textOf(page, 'limit-deposit-day-amount'), { timeout: 10_000 }).toBe('₹300.00');
    expect(await daily.textContent()).toContain(
      en.protection.limits.used.replace('{{used}}', '₹0.00').replace('{{limit}}', '₹300.00'),
    );

    // A raise waits: the limit stays ₹300 with the raise pending and no Confirm yet; the player keeps the limit.
    await daily.getByTestId('limit-deposit-day-edit').click();
    await daily.getByLabel(en.protection.limits.amountLabel).fill('1000');
    expect(await daily.textContent()).toContain(en.protection.limits.waits);
    await daily.getByTestId('limit-save').click();
    const pending = page.getByTestId('limit-deposit-day-pending');
    await pending.waitFor({ timeout: 10_000 });
    expect(await pending.textContent()).toContain(textBefore(en.protection.limits.pendingRaise, 'time', { amount: '₹1,000.00' }));
    expect(await page.getByTestId('limit-deposit-day-confirm').count()).toBe(0);
    expect(await textOf(page, 'limit-deposit-day-amount')).toBe('₹300.00');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('responsible-gaming-limits-360x740.png'), fullPage: true });

    // A browser whose clock reads 25 hours later offers Confirm; the server, whose clock has not moved,
    // still refuses, in the player's language: the app only shows what the server decides.
    const later = await tests.openPage(player);
    await later.clock.setFixedTime(Date.now() + 25 * 3_600_000);
    await later.goto('/responsible-gaming');
    const laterPending = later.getByTestId('limit-deposit-day-pending');
    await laterPending.waitFor({ timeout: 15_000 });
    expect(await laterPending.textContent()).toContain(en.protection.limits.readyRaise.replace('{{amount}}', '₹1,000.00'));
    await later.getByTestId('limit-deposit-day-confirm').click();
    await expect
      .poll(async () => (await later.textContent('body')) ?? '', { timeout: 10_000 })
      .toContain(en.errors.LIMIT_CHANGE_NOT_READY);
    expect(await later.getByTestId('limit-deposit-day-amount').textContent()).toBe('₹300.00');

    await page.getByTestId('limit-deposit-day-keep').click();
    await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(0);

    // ₹500 would pass the ₹300 daily limit: refused on the form, naming the limit and what is used.
    await page.goto('/recharge');
    await page.getByLabel(en.cash.amountLabel, { exact: true }).fill('500');
    await page.getByRole('button', { name: en.cash.recharge.submit, exact: true }).click();
    const refusal = page.getByTestId('recharge-form').getByRole('alert');
    await expect
      .poll(async () => (await refusal.allTextContents()).join(' '), { timeout: 10_000 })
      .toContain(textBefore(en.refusals.deposit.day, 'resetsAt', { limit: '₹300.00', used: '₹0.00' }));
    expect(page.url()).toMatch(/\/recharge$/);
    await page.screenshot({ path: screenshotPath('recharge-over-deposit-limit-360x740.png') });

    // Within the limit the order goes to the payment page.
    await page.getByLabel(en.cash.amountLabel, { exact: true }).fill('200');
    await page.getByRole('button', { name: en.cash.recharge.submit, exact: true }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/sandbox-pay\/R\d{20}/);
  });

  it('starts a 24-hour time-out through two confirmations, and the games refuse bets while it runs', async () => {
    const player = await newPlayer(tests.app, { cashRupees: 100 });
    const page = await tests.openPage(player);
    await page.goto('/responsible-gaming');
    await page.getByTestId('break-24h').click();
    const dialog = page.getByTestId('break-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The first step says it cannot be undone early and that withdrawals stay open.
    const warnings = (await dialog.getByTestId('break-warnings').textContent()) ?? '';
    expect(warnings).toContain(en.protection.breaks.cannotUndo);
    expect(warnings).toContain(en.protection.breaks.withdrawals);
    await dialog.getByTestId('break-next').click();
    // The second step needs the tick.
    await dialog.getByTestId('break-start').click();
    await expect.poll(() => dialog.textContent()).toContain(en.protection.breaks.understandRequired);
    await dialog.getByRole('checkbox').check();
    await dialog.getByTestId('break-start').click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    const banner = page.getByTestId('exclusion-banner');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.getAttribute('data-kind')).toBe('timeout');
    expect(await banner.textContent()).toContain(textBefore(en.protection.exclusion.timeout, 'endsAt'));
    // No shorter time-out can be chosen while this one runs.
    expect(await page.getByTestId('break-24h').isDisabled()).toBe(true);

    // Aviator and the rocket refuse a bet, saying why and until when; the banner is on the game.
    for (const game of ['limbo', 'crash']) {
      await page.goto(`/games/${game}`);
      await page.getByTestId('exclusion-banner').waitFor({ timeout: 15_000 });
      await page.getByTestId('bet-panel-1').getByTestId('place-bet').click();
      const error = page.getByTestId('bet-panel-1').getByTestId('panel-error');
      await expect.poll(() => error.getAttribute('data-code'), { timeout: 10_000 }).toBe('PLAYER_TIMED_OUT');
      expect(await error.textContent()).toContain(textBefore(en.refusals.timeout, 'endsAt'));
    }
    await page.screenshot({ path: screenshotPath('crash-timed-out-360x740.png') });

    // Win Go, recharge and gift codes show the banner too.
    for (const path of ['/games/wingo', '/recharge', '/gift']) {
      await page.goto(path);
      await page.getByTestId('exclusion-banner').waitFor({ timeout: 15_000 });
      expect(await hasHorizontalOverflow(page), path).toBe(false);
    }

    // Logging in again says why play is closed and until when.
    const visitor = await tests.openPage();
    await visitor.goto('/login');
    await visitor.getByLabel(en.auth.mobileLabel).fill(player.mobile);
    await visitor.getByLabel(en.auth.passwordLabel, { exact: true }).fill(player.password);
    await visitor.getByRole('button', { name: en.auth.loginButton }).click();
    await expect
      .poll(async () => (await visitor.textContent('body')) ?? '', { timeout: 10_000 })
      .toContain(textBefore(en.refusals.timeout, 'endsAt'));
  });

  it('lets Aviator autoplay start only with a loss limit and at most 100 rounds', async () => {
    const player = await newPlayer(tests.app, { cashRupees: 100 });
    const page = await tests.openPage(player);
    await page.goto('/games/limbo');
    const panel = page.getByTestId('bet-panel-1');
    // Auto bet sits in the panel's folded "Auto" settings, which keep the panel compact.
    await panel.locator('summary', { hasText: en.crash.autoSettings }).click();
    await panel.getByTestId('auto-bet-toggle').click();
    await expect
      .poll(() => panel.getByTestId('panel-error').getAttribute('data-code'), { timeout: 10_000 })
      .toBe('AUTOPLAY_NEEDS_LOSS_LIMIT');
    expect(await panel.getByTestId('panel-error').textContent()).toBe(en.errors.AUTOPLAY_NEEDS_LOSS_LIMIT);

    await callApi(tests.app, '/protection/setLimit', { kind: 'loss', period: 'day', amount: '50.00' }, player.token);
    await page.reload();
    await panel.locator('summary', { hasText: en.crash.autoSettings }).click();
    await panel.getByLabel(en.crash.autoRounds).fill('101');
    await panel.getByTestId('auto-bet-toggle').click();
    await expect
      .poll(() => panel.getByTestId('panel-error').getAttribute('data-code'), { timeout: 10_000 })
      .toBe('AUTOPLAY_ROUNDS_INVALID');
    await panel.getByLabel(en.crash.autoRounds).fill('100');
    await panel.getByTestId('auto-bet-toggle').click();
    await expect.poll(() => panel.getByTestId('auto-bet-toggle').textContent(), { timeout: 10_000 }).toBe(en.crash.stopAutoBet);
    await panel.getByTestId('auto-bet-toggle').click();
    await expect.poll(() => panel.getByTestId('auto-bet-toggle').textContent()).toBe(en.crash.startAutoBet);
  });

  it('pauses a game for the reality check once the interval has passed, with the time played and the result', async () => {
    const player = await newPlayer(tests.app);
    const page = await tests.openPage(player);
    await page.goto('/responsible-gaming');
    await page.getByTestId('reality-check-setting').waitFor({ timeout: 15_000 });
    // The choice is saved at once and shown as the server answers it, so click and wait for that answer
    // (check() insists the box changes within the click itself, which a slow save makes flaky).
    await page.getByTestId('reality-check-15').click();
    await expect.poll(() => page.getByTestId('reality-check-15').isChecked(), { timeout: 10_000 }).toBe(true);

    // The first game screen starts the session's clock on the server; the page's own clock then moves
    // 16 minutes on (the server's answer says how far the two clocks are apart, so only the page's moves).
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const started = page.waitForResponse((response) => response.url().endsWith('/api/protection/playSession'));
    await page.goto('/games/crash');
    const startedAt: string = (await (await started).json()).obj.startedAt;
    await page.clock.fastForward(16 * 60_000);
    const check = page.getByTestId('reality-check');
    await expect.poll(() => check.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await check.textContent()).toContain(
      en.protection.realityCheck.played.replace(
        '{{duration}}',
        en.protection.realityCheck.minutesOnly.replace('{{minutes}}', '16'),
      ),
    );
    await expect.poll(() => textOf(page, 'reality-check-net'), { timeout: 10_000 }).toBe('₹0.00');
    await page.screenshot({ path: screenshotPath('reality-check-360x740.png') });
    const continued = page.waitForResponse((response) => response.url().endsWith('/api/protection/continuePlaying'));
    await page.getByTestId('reality-check-continue').click();
    expect((await (await continued).json()).obj.startedAt).toBe(startedAt);
    await expect.poll(() => check.count()).toBe(0);
    // Continuing starts a new interval: the check does not come back at once.
    await page.reload();
    await page.getByTestId('flight-stage').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('reality-check').count()).toBe(0);

    // The app closed and opened again (a new browser session, nothing in its storage) reads the same clock.
    const reopened = await tests.openPage(player);
    const read = reopened.waitForResponse((response) => response.url().endsWith('/api/protection/playSession'));
    await reopened.goto('/games/crash');
    expect((await (await read).json()).obj.startedAt).toBe(startedAt);
  });

  it('reads Responsible gaming right to left in Arabic', async () => {
    const page = await tests.openPage(await newPlayer(tests.app), { language: 'ar' });
    await page.goto('/responsible-gaming');
    await page.getByTestId('limits-deposit').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ar.titles.responsibleGaming);
    expect(await page.getByTestId('limits-deposit').textContent()).toContain(ar.protection.limits.depositTitle);
    expect(await page.getByTestId('limits-loss').textContent()).toContain(ar.protection.limits.lossTitle);
    expect(await page.getByTestId('breaks').textContent()).toContain(ar.protection.breaks.durations['24h']);
    expect(await page.getByTestId('statement').textContent()).toContain(ar.protection.statement.title);
    await page.getByTestId('rg-organisations').waitFor({ timeout: 10_000 });
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('responsible-gaming-tools-ar-360x740.png'), fullPage: true });

    // The two-step confirmation in Arabic (without the dialog's rise-in, so the screenshot shows it settled).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByTestId('break-6m').click();
    const dialog = page.getByTestId('break-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(ar.protection.breaks.cannotUndo);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('self-exclusion-confirm-ar-360x740.png') });
  });
});
