import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/test-server.ts';
import { runWhileLeader } from './leader.ts';
import { EMBEDDED_LEASE, type LeaderLease } from './leader-lease.ts';

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('game clock leadership on the embedded database', () => {
  it('leads at once: the one process holds the clock for good', async () => {
    const leases: LeaderLease[] = [];
    const leadership = runWhileLeader(
      { databaseUrl: undefined, retryMs: 3_000, leaseMs: 3_000 },
      pino({ level: 'silent' }),
      (lease) => {
        leases.push(lease);
        return async () => undefined;
      },
    );
    expect(leases).toEqual([EMBEDDED_LEASE]);
    expect(leadership.isLeading()).toBe(true);
    expect(await EMBEDDED_LEASE.ensure()).toBe(true);
    await leadership.stop();
  });
});

// DESIGN.md §2: the game clock runs in exactly one node, the holder of the game clock's lease
// (decision 0030); when that node stops it hands the lease back and another takes over.
describe.runIf(Boolean(process.env.DATABASE_URL))('game clock leadership on PostgreSQL', () => {
  it('lets one of two nodes lead and hands over when the leader stops', async () => {
    // GAME_CLOCK_RETRY_MS comes from the configuration: the follower tries for the lease every 200 ms
    // (the default is 3 s), so it takes over well within a second of the lease being handed back.
    const clockEnv = { GAME_CLOCK: 'true', GAME_CLOCK_INTERVAL_MS: '100', GAME_CLOCK_RETRY_MS: '200' };
    const first = await startTestServer(clockEnv);
    let second: Awaited<ReturnType<typeof startTestServer>> | null = null;
    try {
      expect(await waitFor(() => first.isGameClockLeader(), 5_000)).toBe(true);

      // The leader's clock runs: every room's current period gets opened (each room's first opening
      // generates and stores its hash chain, which takes seconds on a busy machine).
      let openedRooms = 0;
      for (let i = 0; i < 200 && openedRooms < 8; i++) {
        const rows = await first.ctx.db.query<{ n: number }>('select count(distinct room)::int as n from lottery_rounds');
        openedRooms = rows[0]!.n;
        if (openedRooms < 8) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(openedRooms).toBe(8);

      // The second node's first try for the lease (at its start) fails: the first node holds it.
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
