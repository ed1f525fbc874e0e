import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/test-server.ts';

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

// DESIGN.md §2: the game clock runs in exactly one node, the holder of a PostgreSQL advisory lock;
// when that node goes away its lock drops and another takes over.
describe.runIf(Boolean(process.env.DATABASE_URL))('game clock leadership on PostgreSQL', () => {
  it('lets one of two nodes lead and hands over when the leader stops', async () => {
    // GAME_CLOCK_RETRY_MS comes from the configuration: the follower tries for the lock every 200 ms
    // (the default is 3 s), so it takes over well within a second of the lock dropping.
    const clockEnv = { GAME_CLOCK: 'true', GAME_CLOCK_INTERVAL_MS: '100', GAME_CLOCK_RETRY_MS: '200' };
    const first = await startTestServer(clockEnv);
    let second: Awaited<ReturnType<typeof startTestServer>> | null = null;
    try {
      expect(await waitFor(() => first.isGameClockLeader(), 5_000)).toBe(true);

      // The leader's clock runs: every room's current period gets opened.
      let openedRooms = 0;
      for (let i = 0; i < 50 && openedRooms < 8; i++) {
        const rows = await first.ctx.db.query<{ n: number }>('select count(distinct room)::int as n from lottery_rounds');
        openedRooms = rows[0]!.n;
        if (openedRooms < 8) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(openedRooms).toBe(8);

      // The second node's first try for the lock (at its start) fails: the first node holds it.
      second = await startTestServer({ ...clockEnv, DATABASE_URL: first.ctx.config.databaseUrl! }, { db: first.ctx.db });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([first.isGameClockLeader(), second.isGameClockLeader()]).toEqual([true, false]);

      await first.close();
      const closedAtMs = Date.now();
      const follower = second;
      expect(await waitFor(() => follower.isGameClockLeader(), 5_000)).toBe(true);
      expect(Date.now() - closedAtMs).toBeLessThan(1_000);
    } finally {
      await second?.close();
      await first.stop();
    }
  }, 30_000);
});
