import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { fencedDb } from './fenced-db.ts';
import { HeldLease, LeaseLostError, leaseTimings, takeLeaseIfFree } from './leader-lease.ts';

// The game clock's lease on PostgreSQL (decision 0030): who may take it and when, and what the database
// lets its holder commit. Two processes are stood for by two lease connections in this one.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Needs PostgreSQL (DATABASE_URL): the embedded database has no lease (its one process leads).
describe.runIf(Boolean(process.env.DATABASE_URL))('the game clock lease on PostgreSQL (skipped without DATABASE_URL)', () => {
  let server: TestServer;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    await server.ctx.db.exec('create table lease_marks (id integer primary key, n integer not null)');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await server.stop();
  });

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }

  /** The lease taken by a fresh connection (the term is bumped past any earlier test's holder). */
  async function holdLease(leaseMs: number, onLost: (reason: string) => void = () => undefined) {
    const client = await connect();
    await server.ctx.db.query("update game_clock_lease set expires_at = '-infinity'");
    const takenAtMs = performance.now();
    const term = await takeLeaseIfFree(client, 'test-holder', leaseMs);
    expect(term).not.toBeNull();
    return { client, lease: new HeldLease(client, term!, leaseTimings(leaseMs), takenAtMs, onLost) };
  }

  const marks = async () => await server.ctx.db.query<{ id: number; n: number }>('select id, n from lease_marks order by id');

  it('is refused while its holder renews it, and taken over once it lapses; the old holder then finds it lost', async () => {
    const lost: string[] = [];
    const { lease } = await holdLease(1_000, (reason) => lost.push(reason));
    const other = await connect();
    expect(await takeLeaseIfFree(other, 'other', 1_000)).toBeNull();
    await sleep(600);
    expect(await lease.renew()).toBe(true);
    await sleep(600);
    // 1.2 s after it was taken, but renewed 0.6 s ago: still held.
    expect(await takeLeaseIfFree(other, 'other', 1_000)).toBeNull();
    await sleep(600);
    expect(await takeLeaseIfFree(other, 'other', 1_000)).toBe(lease.term + 1n);
    expect(await lease.renew()).toBe(false);
    expect(lost).toEqual(['another node took the lease over']);
    expect(() => lease.assertHeld()).toThrow(LeaseLostError);
    expect(await lease.ensure()).toBe(false);
  });

  it("is taken over at once when its holder's connection is gone, without waiting for the lapse", async () => {
    const { client, lease } = await holdLease(60_000);
    const other = await connect();
    expect(await takeLeaseIfFree(other, 'other', 60_000)).toBeNull();
    await client.end();
    const endedAtMs = Date.now();
    let term: bigint | null = null;
    while (term === null && Date.now() - endedAtMs < 5_000) {
      term = await takeLeaseIfFree(other, 'other', 60_000);
      if (term === null) await sleep(20);
    }
    expect(term).toBe(lease.term + 1n);
    expect(Date.now() - endedAtMs).toBeLessThan(1_000);
  });

  it("commits a leader's transaction only while the term is its own, checked when it begins and before it commits", async () => {
    const { lease } = await holdLease(3_000);
    const leaderDb = fencedDb(server.ctx.db, lease);
    await leaderDb.transaction((tx) => tx.query('insert into lease_marks (id, n) values (1, 1)'));
    expect(await marks()).toEqual([{ id: 1, n: 1 }]);

    // Another node takes the lease over while the transaction runs: the leader's own reckoning still
    // says held, the database refuses the commit, and the write is rolled back.
    const takeOver = () => server.ctx.db.query("update game_clock_lease set term = term + 1 where name = 'game-clock'");
    await expect(
      leaderDb.transaction(async (tx) => {
        await tx.query('update lease_marks set n = 2 where id = 1');
        await takeOver();
      }),
    ).rejects.toThrow(/lease would not outlast the commit/);
    // A transaction that begins after it changed hands is refused at once.
    await expect(leaderDb.transaction((tx) => tx.query('update lease_marks set n = 3 where id = 1'))).rejects.toThrow(
      /lapsed or changed hands when a clock transaction began/,
    );
    expect(await marks()).toEqual([{ id: 1, n: 1 }]);
  });

  it("refuses every statement once the lease lapsed by the leader's own clock (a paused process) until a renewal confirms it", async () => {
    const { client } = await holdLease(60_000);
    const [{ term }] = (await client.query<{ term: string }>("select term from game_clock_lease where name = 'game-clock'"))
      .rows as [{ term: string }];
    // The same holder as it would stand after a pause longer than the lease: its reckoning has lapsed,
    // although nobody took the lease over.
    const paused = new HeldLease(client, BigInt(term), leaseTimings(2_000), performance.now() - 5_000, () => undefined);
    const leaderDb = fencedDb(server.ctx.db, paused);
    await expect(leaderDb.query('update lease_marks set n = 4 where id = 1')).rejects.toThrow(LeaseLostError);
    await expect(leaderDb.transaction((tx) => tx.query('update lease_marks set n = 4 where id = 1'))).rejects.toThrow(
      LeaseLostError,
    );
    expect(await marks()).toEqual([{ id: 1, n: 1 }]);
    // The clock step's first move: the term is still its own, so the renewal restores the lease.
    expect(await paused.ensure()).toBe(true);
    await leaderDb.query('update lease_marks set n = 5 where id = 1');
    expect(await marks()).toEqual([{ id: 1, n: 5 }]);
  });

  it('has the database end a transaction its leader leaves waiting, releasing its rows to the next leader', async () => {
    await server.ctx.db.query('insert into lease_marks (id, n) values (2, 0)');
    const { lease } = await holdLease(1_000);
    const leaderDb = fencedDb(server.ctx.db, lease);
    const frozen = leaderDb.transaction(async (tx) => {
      await tx.query('update lease_marks set n = n + 1 where id = 2');
      // Frozen mid-transaction, holding the row, for longer than the lease.
      await sleep(1_500);
      await tx.query('update lease_marks set n = n + 1 where id = 2');
    });
    const outcome = frozen.then(
      () => 'committed',
      (error: Error) => error.message,
    );
    await sleep(100);
    // The next leader's write to the same row waits at most the idle limit (400 ms here), not the pause.
    const startedAtMs = Date.now();
    await server.ctx.db.query('update lease_marks set n = n + 10 where id = 2');
    expect(Date.now() - startedAtMs).toBeLessThan(1_000);
    expect(await outcome).not.toBe('committed');
    expect(await marks()).toContainEqual({ id: 2, n: 10 });
    // The pool threw the ended connection away and serves on.
    expect(await server.ctx.db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });
});
