import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { manualClock } from './clock.ts';
import type { Db } from './db/db.ts';
import { HEARTBEAT_TOLERANCE_MS, startHeartbeat, wasAliveThroughout } from './heartbeat.ts';

// Heartbeats on a real database (PGlite, or PostgreSQL with DATABASE_URL): intervals, gaps, and beats
// that a busy connection pool does not hold up.

let server: TestServer;
const T0 = Date.UTC(2026, 11, 3, 8, 0, 0);
const HOUR_MS = 3_600_000;

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.stop();
});

const intervals = async () =>
  (
    await server.ctx.db.query<{ node_id: string; started_at: Date; last_beat_at: Date }>(
      'select node_id, started_at, last_beat_at from node_heartbeats order by started_at',
    )
  ).map((row) => [row.node_id, row.started_at.getTime() - T0, row.last_beat_at.getTime() - T0]);

describe('node heartbeats', () => {
  it('keep one interval per process while its beats are written, even across a stall; a restart leaves a gap', async () => {
    const db = server.ctx.db;
    const start = (clock: ReturnType<typeof manualClock>) =>
      startHeartbeat({ db, databaseUrl: undefined, clock, log: server.ctx.log, intervalMs: HOUR_MS });
    const clock = manualClock(new Date(T0));
    const first = start(clock);
    for (let i = 0; i < 5; i++) {
      clock.advance(1_000);
      await first.beatNow();
    }
    // A 20 s stall (a long query, a busy event loop) is slowness: the process is alive, the interval goes on.
    clock.advance(20_000);
    await first.beatNow();
    await first.stop();
    // The process dies; its successor starts 15 s later.
    clock.advance(15_000);
    const restarted = start(clock);
    await restarted.beatNow();
    await restarted.stop();
    expect(await intervals()).toEqual([
      [first.nodeId, 0, 25_000],
      [restarted.nodeId, 40_000, 40_000],
    ]);
    expect(await wasAliveThroughout(db, T0 + 1_000, T0 + 25_000 + HEARTBEAT_TOLERANCE_MS)).toBe(true);
    expect(await wasAliveThroughout(db, T0 + 1_000, T0 + 25_001 + HEARTBEAT_TOLERANCE_MS)).toBe(false);
    // Another node serving through the restart covers the gap.
    const otherClock = manualClock(new Date(T0 + 20_000));
    const other = start(otherClock);
    otherClock.advance(25_000);
    await other.beatNow();
    await other.stop();
    expect(await wasAliveThroughout(db, T0 + 1_000, T0 + 45_000)).toBe(true);
  });

  it('drops the beats that fail during a database outage, so the outage leaves a gap', async () => {
    const clock = manualClock(new Date(T0));
    let isDown = false;
    const flaky: Db = {
      ...server.ctx.db,
      query: (sql, params) => (isDown ? Promise.reject(new Error('connection terminated')) : server.ctx.db.query(sql, params)),
    };
    const heartbeat = startHeartbeat({ db: flaky, databaseUrl: undefined, clock, log: server.ctx.log, intervalMs: HOUR_MS });
    try {
      for (let ms = 1_000; ms <= 3_000; ms += 1_000) {
        clock.advance(1_000);
        await heartbeat.beatNow();
      }
      isDown = true;
      for (let ms = 4_000; ms <= 10_000; ms += 1_000) {
        clock.advance(1_000);
        await heartbeat.beatNow();
      }
      isDown = false;
      clock.advance(1_000);
      await heartbeat.beatNow();
      clock.advance(1_000);
      await heartbeat.beatNow();
    } finally {
      await heartbeat.stop();
    }
    expect(await intervals()).toEqual([
      [heartbeat.nodeId, 0, 3_000],
      [heartbeat.nodeId, 11_000, 12_000],
    ]);
    expect(await wasAliveThroughout(server.ctx.db, T0, T0 + 12_000)).toBe(false);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('beats on its own connection while every pooled connection is busy', async () => {
    const databaseUrl = server.ctx.config.databaseUrl!;
    const heartbeat = startHeartbeat({
      db: server.ctx.db,
      databaseUrl,
      clock: manualClock(new Date(T0)),
      log: server.ctx.log,
      intervalMs: HOUR_MS,
    });
    const observer = new pg.Client({ connectionString: databaseUrl });
    await observer.connect();
    let releasePool!: () => void;
    const released = new Promise<void>((resolve) => (releasePool = resolve));
    // Every connection of the test pool (10) held in an open transaction, with more requests queued behind.
    let holding = 0;
    let allHeld!: () => void;
    const isFull = new Promise<void>((resolve) => (allHeld = resolve));
    const busy = Array.from({ length: 12 }, () =>
      server.ctx.db.transaction(async (tx) => {
        await tx.query('select 1');
        if (++holding === 10) allHeld();
        await released;
      }),
    );
    try {
      await isFull;
      await heartbeat.beatNow();
      const { rows } = await observer.query('select node_id from node_heartbeats');
      expect(rows).toEqual([{ node_id: heartbeat.nodeId }]);
    } finally {
      releasePool();
      await Promise.all(busy);
      await observer.end();
      await heartbeat.stop();
    }
  });
});
