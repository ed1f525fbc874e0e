import pg from 'pg';
import type { Logger } from 'pino';

// The game clock runs in exactly one node: the holder of a PostgreSQL advisory lock (DESIGN.md §2).
// The lock lives on a dedicated connection; if that connection dies the lock drops with it, this node
// stops its clock, and another node (or this one, later) takes over.

export const GAME_CLOCK_LOCK_KEY = 7_215_002;
const RETRY_MS = Number(process.env.GAME_CLOCK_RETRY_MS ?? 3_000);

export type Leadership = { isLeading(): boolean; stop(): Promise<void> };

/**
 * Calls `lead()` while this process holds the lock; `lead` returns the function that stops leading.
 * On the embedded database this process is the only one, so it leads at once.
 */
export function runWhileLeader(databaseUrl: string | undefined, log: Logger, lead: () => () => Promise<void>): Leadership {
  if (!databaseUrl) {
    const stopLeading = lead();
    log.info('game clock: embedded database, this process leads');
    return { isLeading: () => true, stop: stopLeading };
  }
  let isStopped = false;
  let client: pg.Client | null = null;
  let stopLeading: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const loseLeadership = async (reason: string) => {
    if (stopLeading) {
      log.warn({ reason }, 'game clock: leadership lost');
      const stop = stopLeading;
      stopLeading = null;
      await stop();
    }
    client?.end().catch(() => undefined);
    client = null;
    if (!isStopped) timer = setTimeout(() => void attempt(), RETRY_MS);
  };

  const attempt = async () => {
    try {
      client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', (error) => void loseLeadership(error.message));
      await client.connect();
      const [row] = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [GAME_CLOCK_LOCK_KEY]))
        .rows;
      if (row?.locked && !isStopped) {
        stopLeading = lead();
        log.info('game clock: this node holds the lock and leads');
        return;
      }
      await client.end();
      client = null;
    } catch (error) {
      log.warn({ err: error }, 'game clock: could not try for the lock');
      client = null;
    }
    if (!isStopped) timer = setTimeout(() => void attempt(), RETRY_MS);
  };
  void attempt();

  return {
    isLeading: () => stopLeading !== null,
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      if (stopLeading) await stopLeading();
      stopLeading = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Runs `step` every `intervalMs`, never overlapping itself; returns the stop function. */
export function startInterval(intervalMs: number, step: () => Promise<void>, log: Logger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = step()
      .catch((error: unknown) => log.error({ err: error }, 'game clock step failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
