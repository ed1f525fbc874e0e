import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Db, Queryable } from './db/db.ts';

// Every serving node records that it is alive (decision 0008): about once a second it extends its
// current interval in `node_heartbeats`. A process keeps extending the same interval for as long as
// its beats are written: a slow database or a stalled event loop only delays the next beat, it does
// not end the interval. A new interval starts with a new process (a restart) or after a beat failed
// (a database outage), so a dead process or an outage leaves a gap and slowness never does. A crash
// round is void only when these intervals leave part of its flight uncovered.

export const HEARTBEAT_INTERVAL_MS = 1_000;
/** How long after its last beat an interval still counts: a node's death is known to within this. */
export const HEARTBEAT_TOLERANCE_MS = 3_000;
/**
 * By this long after an instant, every beat fired before it has been written or has failed (a beat
 * query times out well within it), so a gap seen then is final.
 */
export const HEARTBEAT_RECORD_FINAL_MS = 10_000;
const BEAT_QUERY_TIMEOUT_MS = 5_000;

export type HeartbeatInterval = { startedAtMs: number; lastBeatAtMs: number };

export type Heartbeat = {
  nodeId: string;
  /** Beats now and resolves once the beat is written (or has failed); the timer beats on its own. */
  beatNow(): Promise<void>;
  stop(): Promise<void>;
};

async function openInterval(q: Queryable, nodeId: string, firstAtMs: number, lastAtMs: number): Promise<bigint> {
  const [row] = await q.query<{ id: bigint }>(
    'insert into node_heartbeats (node_id, started_at, last_beat_at) values ($1, $2, $3) returning id',
    [nodeId, new Date(firstAtMs), new Date(lastAtMs)],
  );
  return row!.id;
}

async function extendInterval(q: Queryable, intervalId: bigint, lastAtMs: number): Promise<void> {
  const extended = await q.query(
    'update node_heartbeats set last_beat_at = greatest(last_beat_at, $2) where id = $1 returning id',
    [intervalId, new Date(lastAtMs)],
  );
  // Pruned meanwhile (a process silent for over an hour): the caller opens a new interval.
  if (extended.length === 0) throw new Error(`heartbeat interval ${intervalId} is gone`);
}

/** Whether the intervals, each counted until its last beat plus the tolerance, cover [fromMs, toMs] without a gap. */
export function coversSpan(intervals: readonly HeartbeatInterval[], fromMs: number, toMs: number): boolean {
  const byStart = [...intervals].sort((a, b) => a.startedAtMs - b.startedAtMs);
  let coveredUntilMs = fromMs;
  for (const interval of byStart) {
    if (interval.startedAtMs > coveredUntilMs) return false;
    coveredUntilMs = Math.max(coveredUntilMs, interval.lastBeatAtMs + HEARTBEAT_TOLERANCE_MS);
    if (coveredUntilMs >= toMs) return true;
  }
  return false;
}

/** Whether some node was alive (beating) throughout [fromMs, toMs], from the recorded intervals. */
export async function wasAliveThroughout(q: Queryable, fromMs: number, toMs: number): Promise<boolean> {
  const rows = await q.query<{ started_at: Date; last_beat_at: Date }>(
    `select started_at, last_beat_at from node_heartbeats
     where started_at <= $2 and last_beat_at >= $1::timestamptz - make_interval(secs => $3::double precision / 1000)`,
    [new Date(fromMs), new Date(toMs), HEARTBEAT_TOLERANCE_MS],
  );
  const intervals = rows.map((row) => ({ startedAtMs: row.started_at.getTime(), lastBeatAtMs: row.last_beat_at.getTime() }));
  return coversSpan(intervals, fromMs, toMs);
}

/** Deletes intervals that ended before `beforeMs`; the caller keeps what unsettled rounds still need. */
export async function pruneHeartbeats(q: Queryable, beforeMs: number): Promise<number> {
  const deleted = await q.query('delete from node_heartbeats where last_beat_at < $1 returning id', [new Date(beforeMs)]);
  return deleted.length;
}

/**
 * On PostgreSQL the beats go through a connection of their own, so that a pool queue full of player
 * requests never holds them up; a broken connection is replaced at the next beat.
 */
function dedicatedConnection(databaseUrl: string): Queryable & { reset(): void; close(): Promise<void> } {
  let client: pg.Client | null = null;
  const connect = async () => {
    if (client) return client;
    const fresh = new pg.Client({
      connectionString: databaseUrl,
      query_timeout: BEAT_QUERY_TIMEOUT_MS,
      connectionTimeoutMillis: BEAT_QUERY_TIMEOUT_MS,
    });
    // Without a listener a dropped connection's 'error' event would end the process.
    fresh.on('error', () => {
      if (client === fresh) client = null;
      fresh.end().catch(() => undefined);
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };
  const reset = () => {
    client?.end().catch(() => undefined);
    client = null;
  };
  return {
    async query(sql, params = []) {
      const connected = await connect();
      return (await connected.query(sql, params as unknown[])).rows;
    },
    async exec(sql) {
      await (await connect()).query(sql);
    },
    reset,
    async close() {
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** Starts this node's heartbeat: a beat at once, then one every `intervalMs`. */
export function startHeartbeat(options: {
  db: Db;
  databaseUrl: string | undefined;
  clock: Clock;
  log: Logger;
  intervalMs?: number;
}): Heartbeat {
  const nodeId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const connection = options.databaseUrl ? dedicatedConnection(options.databaseUrl) : null;
  const target: Queryable = connection ?? options.db;
  // The interval this process extends; none at start and after a failed beat.
  let intervalId: bigint | null = null;
  // Beats fired while an earlier one is still being written are gathered into one span.
  let pending: { firstAtMs: number; lastAtMs: number } | null = null;
  let writing: Promise<void> | null = null;
  let isFailing = false;

  const write = async (span: { firstAtMs: number; lastAtMs: number }) => {
    if (intervalId === null) intervalId = await openInterval(target, nodeId, span.firstAtMs, span.lastAtMs);
    else await extendInterval(target, intervalId, span.lastAtMs);
  };
  const flush = async () => {
    while (pending) {
      const span = pending;
      pending = null;
      try {
        await write(span);
        if (isFailing) options.log.info({ nodeId }, 'heartbeat: recorded again');
        isFailing = false;
      } catch (error) {
        // Nothing fired before the failure is written later: the next interval starts after it, and
        // the gap between the two is the outage.
        intervalId = null;
        pending = null;
        if (!isFailing) options.log.warn({ err: error, nodeId }, 'heartbeat: could not record a beat');
        isFailing = true;
        connection?.reset();
      }
    }
  };
  const beat = () => {
    const atMs = options.clock.now().getTime();
    if (pending) pending.lastAtMs = Math.max(pending.lastAtMs, atMs);
    else pending = { firstAtMs: atMs, lastAtMs: atMs };
    writing ??= flush().finally(() => {
      writing = null;
    });
  };
  beat();
  const timer = setInterval(beat, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  options.log.info({ nodeId }, 'heartbeat started');
  return {
    nodeId,
    async beatNow() {
      beat();
      await writing;
    },
    async stop() {
      clearInterval(timer);
      await writing;
      await connection?.close();
    },
  };
}
