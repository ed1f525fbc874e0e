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
    process.env.GAME_CLOCK_RETRY_MS = '200';
    const clockEnv = { GAME_CLOCK: 'true', GAME_CLOCK_INTERVAL_MS: '100' };
    const first = await startTestServer(clockEnv);
    const second = await startTestServer({ ...clockEnv, DATABASE_URL: first.ctx.config.databaseUrl! }, { db: first.ctx.db });
    try {
      expect(await waitFor(() => first.isGameClockLeader() || second.isGameClockLeader(), 5_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([first.isGameClockLeader(), second.isGameClockLeader()].filter(Boolean)).toHaveLength(1);
      const [leader, follower] = first.isGameClockLeader() ? [first, second] : [second, first];

      // The leader's clock runs: every room's current period gets opened.
      let openedRooms = 0;
      for (let i = 0; i < 50 && openedRooms < 8; i++) {
        const rows = await leader.ctx.db.query<{ n: number }>('select count(distinct room)::int as n from lottery_rounds');
        openedRooms = rows[0]!.n;
        if (openedRooms < 8) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(openedRooms).toBe(8);

      await leader.close();
      expect(await waitFor(() => follower.isGameClockLeader(), 5_000)).toBe(true);
    } finally {
      delete process.env.GAME_CLOCK_RETRY_MS;
      await second.close();
      await first.stop();
    }
  }, 30_000);
});
