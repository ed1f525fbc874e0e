import { parseMoney } from '@mayur/rules/money';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { hasHorizontalOverflow, rupees, textOf } from './support/page.ts';
import { newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Aviator in a real browser against the real crash clock: a player bets ₹10 in the first panel while
// the round takes bets, sees the stake leave the balance, and cashes out as soon as the plane flies.
// Whether the cash-out arrives before the crash is the server's decision, so the test reads the
// server's answer and checks that the screen shows exactly that outcome. Each test makes its own player.

const en = readLocale('en-US');
const ar = readLocale('ar');
const tests = setUpBrowserTests();

/** Betting must stay open this long after the bet is sent, or the test waits for the next round. */
const MIN_SECONDS_LEFT = 3;

async function secondsToTakeOff(page: Page): Promise<number> {
  const phase = await page.getByTestId('flight-stage').getAttribute('data-phase');
  if (phase !== 'betting') return -1;
  return Number((await page.getByTestId('phase-banner').getAttribute('data-seconds-left')) ?? '-1');
}

type Envelope<T> = { res: 1; obj: T } | { res: 0; code: string; resMsg: string };
type WireBet = { id: string; roundId: string | null; status: string; amount: string };

async function envelopeOf<T>(response: Response): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

describe('Aviator in Chromium at 360×740', () => {
  it('bets ₹10 in the first panel, cashes out in flight and shows the server’s outcome', { timeout: 300_000 }, async () => {
    const page = await tests.openPage(await newPlayer(tests.app, { cashRupees: 100 }));
    await page.goto('/games/limbo');
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 15_000 }).toBe('₹100.00');
    const panel = page.getByTestId('bet-panel-1');
    await expect.poll(() => panel.getByTestId('bet-amount').inputValue()).toBe('10.00');

    // A round can fly for up to 153.5 s (the 10 000× cap): the next betting window may be that far off.
    await expect.poll(() => secondsToTakeOff(page), { timeout: 180_000, interval: 200 }).toBeGreaterThanOrEqual(MIN_SECONDS_LEFT);
    const roundId = await page.getByTestId('flight-stage').getAttribute('data-round-id');
    const [pourResponse] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/gameroket/pour')),
      panel.getByTestId('place-bet').click(),
    ]);
    const pour = await envelopeOf<{ bet: WireBet; balance: string }>(pourResponse);
    expect(pour.res).toBe(1);
    if (pour.res !== 1) return;
    expect(pour.obj.bet.status).toBe('open');
    expect(pour.obj.bet.roundId).toBe(roundId);
    expect(pour.obj.bet.amount).toBe('10.00');
    expect(pour.obj.balance).toBe('90.00');
    await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe('₹90.00');
    expect(await panel.getByTestId('cancel-bet').count()).toBe(1);

    // Cash out the moment the plane flies (unless it crashed at take-off).
    const cashOut = panel.getByTestId('cash-out');
    await expect
      .poll(async () => ((await cashOut.count()) > 0 ? 'flying' : await panel.getAttribute('data-bet-status')), {
        timeout: 20_000,
        interval: 50,
      })
      .toMatch(/^(flying|lost)$/);
    let settle: Envelope<{ bet: WireBet; multiplierX100: number; winAmount: string; balance: string }> | null = null;
    try {
      const [settleResponse] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/gameroket/doSettle'), { timeout: 5_000 }),
        cashOut.click({ timeout: 2_000 }),
      ]);
      settle = await envelopeOf(settleResponse);
    } catch {
      // The button went away before it could be pressed: the round crashed first.
      settle = null;
    }

    if (settle?.res === 1) {
      const winPaise = parseMoney(settle.obj.winAmount)!;
      expect(winPaise).toBeGreaterThanOrEqual(1_000n);
      expect(settle.obj.multiplierX100).toBeGreaterThanOrEqual(100);
      expect(settle.obj.bet.status).toBe('cashed_out');
      const outcome = panel.getByTestId('panel-outcome');
      await expect.poll(() => outcome.getAttribute('data-outcome'), { timeout: 10_000 }).toBe('won');
      expect(await panel.getByTestId('panel-win').textContent()).toBe(rupees(winPaise));
      await expect.poll(() => textOf(page, 'game-balance'), { timeout: 10_000 }).toBe(rupees(parseMoney(settle.obj.balance)!));
      expect(parseMoney(settle.obj.balance)).toBe(9_000n + winPaise);
    } else {
      if (settle?.res === 0) {
        expect(['CASHOUT_TOO_LATE', 'CASHOUT_NOT_FLYING']).toContain(settle.code);
        await expect.poll(() => panel.getByTestId('panel-error').textContent()).toBe(en.errors[settle.code]);
      }
      await expect.poll(() => panel.getAttribute('data-bet-status'), { timeout: 15_000 }).toBe('lost');
      expect(await panel.getByTestId('panel-outcome').getAttribute('data-outcome')).toBe('lost');
      expect(await textOf(page, 'game-balance')).toBe('₹90.00');
    }

    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('aviator-360x740.png') });
  });

  it('verifies a crashed round in Round detail from its revealed seed', { timeout: 240_000 }, async () => {
    const page = await tests.openPage(await newPlayer(tests.app));
    await page.goto('/games/limbo');
    await page.getByRole('tab', { name: en.crash.roundDetail }).click();
    const row = page.getByTestId('round-row').first();
    // A round shows up once it has crashed, which can be up to 153.5 s after take-off.
    await expect.poll(() => page.getByTestId('round-row').count(), { timeout: 180_000 }).toBeGreaterThan(0);
    await row.getByTestId('verify-round').click();
    await expect.poll(() => row.getByTestId('round-verdict').getAttribute('data-verified'), { timeout: 30_000 }).toBe('true');
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  it('opens the other Aviator rooms and the rocket, right-to-left in Arabic without overflow', { timeout: 60_000 }, async () => {
    const page = await tests.openPage(await newPlayer(tests.app));
    for (const room of ['limbo1', 'limbo3']) {
      await page.goto(`/games/${room}`);
      await expect
        .poll(() => page.getByTestId('flight-stage').getAttribute('data-phase'), { timeout: 15_000 })
        .toMatch(/^(betting|flying|crashed|waiting)$/);
      expect(await page.getByTestId('bet-panel-2').count()).toBe(1);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }
    await page.setViewportSize({ width: 320, height: 640 });
    // The auto settings (auto cash-out and auto bet) fold away; opened, they still fit.
    await page.getByTestId('bet-panel-1').getByText(en.crash.autoSettings, { exact: true }).click();
    await page.getByTestId('bet-panel-1').getByText(en.crash.autoBet, { exact: true }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/games/crash');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect
      .poll(() => page.getByTestId('flight-stage').getAttribute('data-phase'), { timeout: 30_000 })
      .toMatch(/^(betting|flying|crashed)$/);
    expect(await page.getByTestId('bet-panel-2').count()).toBe(0);
    expect(await page.textContent('body')).toContain(ar.crash.myCrashRecord);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('crash-ar-360x740.png') });
  });
});
