import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { hasHorizontalOverflow } from './support/page.ts';
import { callApi, newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// PG GAMES end to end: the demo studio (apps/provider-demo) runs as its own process, as
// npm start runs it, and knows the app only through the signed wallet API. A player opens the tab,
// launches Plinko, plays three rounds in the studio's frame, closes it, and finds the bets and wins
// in Transactions with the balance in step with the studio's.

const en = readLocale('en-US');
const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const demoPort = await freePort();
const tests = setUpBrowserTests({ PROVIDER_DEMO_URL: `http://127.0.0.1:${demoPort}` });
let studio: ChildProcess | undefined;

beforeAll(async () => {
  studio = spawn(process.execPath, ['--import', 'tsx', 'apps/provider-demo/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PROVIDER_DEMO_PORT: String(demoPort),
      PROVIDER_DEMO_HOST: '127.0.0.1',
      MAYUR_WALLET_URL: `${tests.app.baseUrl}/api/provider/demo`,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const isUp = await fetch(`http://127.0.0.1:${demoPort}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the demo studio did not start');
});
afterAll(() => {
  studio?.kill('SIGTERM');
});

describe('PG GAMES', () => {
  it('plays three rounds of the demo studio’s Plinko and shows them in Transactions', async () => {
    const player = await newPlayer(tests.app, { cashRupees: 500 });
    const page = await tests.openPage(player);
    await page.goto('/');
    await page.getByRole('tab', { name: en.home.pgGames }).click();
    const tile = page.getByTestId('third-game-plinko');
    await tile.waitFor();
    expect(await tile.textContent()).toContain('Plinko');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('third-games-catalogue.png') });

    await tile.click();
    const frame = page.frameLocator('[data-testid="third-game-frame"]');
    const play = frame.getByTestId('play');
    await play.waitFor({ timeout: 20_000 });
    const rounds = frame.locator('ol.history li');
    for (let round = 1; round <= 3; round++) {
      await play.click();
      await expect.poll(() => rounds.count(), { timeout: 15_000 }).toBe(round);
      await expect.poll(() => play.isDisabled()).toBe(false);
    }
    // Provably fair in the studio's own page: reveal the seed and recompute the three rounds.
    await frame.getByText('Provably fair').click();
    await frame.getByRole('button', { name: 'Reveal seed and start a new one' }).click();
    await frame.getByRole('button', { name: 'Verify rounds' }).click();
    await expect.poll(() => frame.locator('ol.history .ok').count()).toBe(3);
    expect(await frame.locator('ol.history .bad').count()).toBe(0);
    const studioBalance = (await frame.getByTestId('studio-balance').textContent())!.replace(/^[^₹]*₹/, '');
    // Our bar reads our wallet: it catches up with the studio's figure within its refresh.
    await expect
      .poll(async () => (await page.getByTestId('third-game-balance').textContent())?.replace(/[^\d.]/g, ''), { timeout: 10_000 })
      .toBe(studioBalance);
    await page.screenshot({ path: screenshotPath('third-games-plinko.png') });
    await page.getByTestId('third-game-close').click();
    await expect.poll(() => page.getByTestId('third-game-frame').count()).toBe(0);

    const balance = await callApi<{ balance: string }>(tests.app, '/user/balance', {}, player.token);
    expect(balance.balance).toBe(studioBalance);
    await page.goto('/transactions');
    const rows = page.getByTestId('transaction-row');
    await rows.first().waitFor();
    const games = await rows.evaluateAll((list) =>
      list
        .filter((row) => row.getAttribute('data-type') === 'game')
        .map((row) => row.querySelector('[data-testid="transaction-amount"]')?.textContent ?? ''),
    );
    // Every Plinko slot pays something, so each round is a bet and a win.
    expect(games.filter((amount) => amount.includes('-'))).toHaveLength(3);
    expect(games.filter((amount) => amount.includes('+'))).toHaveLength(3);
  });
});
