import { CRASH_ROOMS } from '@mayur/rules/crash-rooms';
import { PK_ROOMS } from '@mayur/rules/lottery-rooms';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowserTests } from './support/harness.ts';
import { readLocale } from './support/locales.ts';
import { hasHorizontalOverflow, textOf } from './support/page.ts';
import { callApi, newPlayer } from './support/player.ts';
import { screenshotPath } from './support/screenshots.ts';

// Every game is reachable from home by taps alone at 360×740: each Win Go PK room, kept in
// the address, and each Aviator room, from tiles with pictures; and back home with the game's own back
// button. Home also shows the player's balance, a tap away from recharging.

const en = readLocale('en-US');
const tests = setUpBrowserTests();
const AVIATOR_ROOMS = (Object.keys(CRASH_ROOMS) as Array<keyof typeof CRASH_ROOMS>).filter(
  (room) => CRASH_ROOMS[room].kind === 'aviator',
);

/** Taps a tile on home (scrolling to it as a thumb would) and waits for the game's address. */
async function tapTile(page: Page, testId: string, path: RegExp) {
  const tile = page.getByTestId(testId);
  await tile.scrollIntoViewIfNeeded();
  expect(await tile.locator('img').count(), `${testId} is a picture`).toBe(1);
  await tile.tap();
  await page.waitForURL(path);
}

async function tapBackHome(page: Page) {
  await page.getByRole('button', { name: en.common.back }).first().tap();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('every game reachable from home at 360×740', () => {
  it('opens each Win Go PK room from its tile, with the room in the address', async () => {
    const page = await tests.openPage(await newPlayer(tests.app, { cashRupees: 50 }));
    await page.goto('/');
    expect(AVIATOR_ROOMS).toEqual(['limbo', 'limbo1', 'limbo3']);
    for (const room of PK_ROOMS) {
      await tapTile(page, `game-tile-wingo-pk-${room}`, new RegExp(`/games/wingo-pk\\?room=${room}$`));
      const tab = page.getByRole('tab', { name: en.lottery.pkRooms[room] });
      await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
      await tapBackHome(page);
    }
    expect(await hasHorizontalOverflow(page)).toBe(false);
  }, 120_000);

  it('keeps the PK room in the address when the player switches room, and opens the room a link names', async () => {
    const page = await tests.openPage();
    await page.goto('/games/wingo-pk?room=bcone');
    const bcone = page.getByRole('tab', { name: en.lottery.pkRooms.bcone });
    await expect.poll(() => bcone.getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    await page.getByRole('tab', { name: en.lottery.pkRooms.sapre }).tap();
    await page.waitForURL(/\/games\/wingo-pk\?room=sapre$/);
    await page.reload();
    const sapre = page.getByRole('tab', { name: en.lottery.pkRooms.sapre });
    await expect.poll(() => sapre.getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
  }, 60_000);

  it('opens each Aviator room from its tile, told apart by its bet limits', async () => {
    const page = await tests.openPage();
    await page.goto('/');
    for (const room of AVIATOR_ROOMS) {
      const tile = page.getByTestId(`game-tile-aviator-room-${room}`);
      const minRupees = (Number(CRASH_ROOMS[room].minBetPaise) / 100).toFixed(2).replace(/\.00$/, '');
      expect(await tile.textContent()).toContain(`₹${minRupees}`);
      await tapTile(page, `game-tile-aviator-room-${room}`, new RegExp(`/games/${room}$`));
      await expect.poll(() => page.locator(`[data-room="${room}"]`).count(), { timeout: 15_000 }).toBe(1);
      await tapBackHome(page);
    }
  }, 120_000);

  it('moves between the Aviator rooms from the game itself, and Back still leads home', async () => {
    const page = await tests.openPage();
    await page.goto('/');
    await tapTile(page, 'game-tile-aviator-room-limbo', /\/games\/limbo$/);
    for (const room of ['limbo1', 'limbo3', 'limbo'] as const) {
      const chip = page.getByTestId(`aviator-room-${room}`);
      await chip.tap();
      await page.waitForURL(new RegExp(`/games/${room}$`));
      await expect.poll(() => page.locator(`[data-room="${room}"]`).count(), { timeout: 15_000 }).toBe(1);
      expect(await chip.getAttribute('aria-current')).toBe('page');
      expect(await page.locator('[aria-current="page"][data-testid^="aviator-room-"]').count()).toBe(1);
    }
    // Each switch replaced the address, so one Back leaves the game.
    await tapBackHome(page);
  }, 120_000);

  it('shows the balance on home and takes the player to recharge with a tap', async () => {
    const page = await tests.openPage(await newPlayer(tests.app, { cashRupees: 200 }));
    await page.goto('/');
    await expect.poll(() => textOf(page, 'home-balance'), { timeout: 15_000 }).toBe('₹200.00');
    // Just under the top bar, above the fold.
    const box = (await page.getByTestId('home-balance').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(160);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: screenshotPath('home-360x740.png') });
    await page.getByTestId('home-balance').tap();
    await page.waitForURL(/\/recharge$/);
  }, 60_000);

  it('shows no balance shortcut to a visitor', async () => {
    const page = await tests.openPage();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('game-tile-wingo-1').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('home-balance').count()).toBe(0);
  }, 60_000);
});

describe('the big wins ticker on home', () => {
  it('shows nothing while no one has won, then a real Aviator win, masked', async () => {
    const visitor = await tests.openPage();
    const answered = visitor.waitForResponse((response) => response.url().endsWith('/api/home/bigWins'));
    await visitor.goto('/');
    expect(((await (await answered).json()) as { obj: { list: unknown[] } }).obj.list).toEqual([]);
    expect(await visitor.getByTestId('big-wins').count()).toBe(0);

    // A real player wins ₹101 in Aviator: ₹100 cashed out automatically at 1.01× (a round that
    // crashes below that is lost: then the player bets again).
    const player = await newPlayer(tests.app, { cashRupees: 500 });
    let win: { winAmount: string } | undefined;
    for (let attempt = 0; attempt < 4 && !win; attempt++) {
      const { bet } = await callApi(
        tests.app,
        '/gameroket/pour',
        { room: 'limbo', amount: '100', slot: 1, autoCashoutX100: 101 },
        player.token,
      );
      await expect
        .poll(
          async () => {
            const history = await callApi(tests.app, '/gameroket/getUserHistoryByPage', { room: 'limbo' }, player.token);
            return history.list.find((item: { id: string }) => item.id === bet.id)?.status;
          },
          // A bet placed while a round flies waits for the next one, and a round may fly for a minute or more.
          { timeout: 150_000, interval: 500 },
        )
        .toMatch(/^(cashed_out|lost|refunded)$/);
      const history = await callApi(tests.app, '/gameroket/getUserHistoryByPage', { room: 'limbo' }, player.token);
      const settled = history.list.find((item: { id: string }) => item.id === bet.id);
      if (settled.status === 'cashed_out') win = settled;
    }
    expect(win?.winAmount).toBe('101.00');
    await expect
      .poll(async () => (await callApi(tests.app, '/home/bigWins', {})).list.length, { timeout: 30_000, interval: 1_000 })
      .toBe(1);

    const page = await tests.openPage();
    await page.goto('/');
    const ticker = page.getByTestId('big-wins');
    await expect.poll(() => ticker.count(), { timeout: 15_000 }).toBe(1);
    const text = (await ticker.textContent()) ?? '';
    expect(text).toContain(`${player.nickName.slice(0, 3)}***`);
    expect(text).toContain('₹101.00');
    expect(text).toContain(en.games.aviator);
    expect(text).not.toContain(player.nickName.length > 3 ? player.nickName : player.mobile);
  }, 300_000);
});
