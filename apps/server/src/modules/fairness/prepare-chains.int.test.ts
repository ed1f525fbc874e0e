import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { openPostgres } from '../../platform/db/postgres.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { chainedRooms, prepareRoomChains } from './prepare-chains.ts';

const silent = pino({ level: 'silent' });
const byName = (a: string, b: string) => a.localeCompare(b);
const roomNames = () =>
  chainedRooms()
    .map((entry) => entry.room)
    .sort(byName);

async function activeChains(db: Queryable) {
  const rows = await db.query<{ room: string; chain_length: number; next_index: number }>(
    'select room, chain_length, next_index from fair_chains where is_active',
  );
  return rows.sort((a, b) => byName(a.room, b.room));
}

describe('hash chains at start-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The game clock's first step would come an hour later: whatever chains exist were made at start.
    server = await startTestServer({ GAME_CLOCK: 'true', GAME_CLOCK_INTERVAL_MS: '3600000', LOTTERY_CHAIN_LENGTH: '20' });
  });
  afterAll(() => server.stop());

  it('are committed for every room before a node that runs the game clock is built', async () => {
    const chains = await activeChains(server.ctx.db);
    expect(chains.map((chain) => chain.room)).toEqual(roomNames());
    for (const chain of chains) expect(chain).toMatchObject({ chain_length: 20, next_index: 1 });
  });

  it('leave a chain with rounds to give as it is, and replace a used-up one', async () => {
    const db = server.ctx.db;
    expect(await prepareRoomChains(db, 20, silent)).toEqual([]);
    await db.query("update fair_chains set next_index = chain_length + 1 where room = 'limbo' and is_active");
    expect(await prepareRoomChains(db, 20, silent)).toEqual(['limbo']);
    const [limbo] = await db.query<{ chains: number; active: number }>(
      "select count(*)::int as chains, count(*) filter (where is_active)::int as active from fair_chains where room = 'limbo'",
    );
    expect(limbo).toEqual({ chains: 2, active: 1 });
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('hash chains of two nodes starting at the same moment', () => {
  it('are one active chain per room', async () => {
    const server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '10' });
    const otherNode = await openPostgres(server.ctx.config.databaseUrl!, 2);
    try {
      const [first, second] = await Promise.all([
        prepareRoomChains(server.ctx.db, 10, silent),
        prepareRoomChains(otherNode, 10, silent),
      ]);
      // Each room was prepared by one node or by both (the later one retiring the other's unused chain).
      expect([...new Set([...first, ...second])].sort(byName)).toEqual(roomNames());
      expect((await activeChains(server.ctx.db)).map((chain) => chain.room)).toEqual(roomNames());
    } finally {
      await otherNode.close();
      await server.stop();
    }
  });
});
