import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import type { Db } from './platform/db/db.ts';
import { openPglite } from './platform/db/pglite.ts';
import { openPostgres } from './platform/db/postgres.ts';

// The leader runs the lottery's clock step and the crash rooms' clock step separately: a lottery step
// that takes long (settling a round of a million bets takes seconds) must not hold back crash rounds.
// The lottery's statements are held at a gate here, standing for that long settlement.

type Gate = { isClosed: boolean; heldCount: number; open(): void; wait(): Promise<void> };

function gate(): Gate {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (release = resolve));
  const state: Gate = {
    isClosed: true,
    heldCount: 0,
    open() {
      state.isClosed = false;
      release();
    },
    wait: () => {
      state.heldCount += 1;
      return opened;
    },
  };
  return state;
}

/** The database as the server sees it, except that top-level statements on lottery rounds wait at the gate. */
function withLotteryHeldAt(db: Db, lotteryGate: Gate): Db {
  return {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
    async query(sql, params) {
      if (lotteryGate.isClosed && /update lottery_rounds/.test(sql)) await lotteryGate.wait();
      return db.query(sql, params);
    },
  };
}

describe('the game clocks on the leader', () => {
  const lotteryGate = gate();
  let server: TestServer;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'mayur_clocks') : null;
    const db = scratch ? await openPostgres(scratch.url, 10) : await openPglite('memory://');
    dropDatabase = async () => scratch?.drop();
    server = await startTestServer(
      {
        GAME_CLOCK: 'true',
        GAME_CLOCK_INTERVAL_MS: '50',
        LOTTERY_CHAIN_LENGTH: '100',
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
      { db: withLotteryHeldAt(db, lotteryGate) },
    );
  });
  afterAll(async () => {
    lotteryGate.open();
    await server.stop();
    await dropDatabase();
  });

  it('opens crash rounds while a lottery step is held up', async () => {
    const crashRounds = async () =>
      Number((await server.ctx.db.query<{ n: number }>('select count(*)::integer as n from crash_rounds'))[0]?.n ?? 0);
    // The lottery step reaches the gate and waits there; the crash step goes on opening its rounds.
    await expect.poll(() => lotteryGate.heldCount, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    await expect.poll(crashRounds, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
    expect(lotteryGate.isClosed).toBe(true);
  });
});
