import pg from 'pg';
import type { Logger } from 'pino';

// The game clock runs in exactly one node: the holder of a PostgreSQL advisory lock (DESIGN.md §2).
// The lock lives on a dedicated connection; if that connection dies the lock drops with it, this node
// stops its clock, and another node (or this one, later) takes over.

export const GAME_CLOCK_LOCK_KEY = 7_215_002;
/** While the database cannot be reached, tries for the lock back off up to this long apart. */
const MAX_BACKOFF_MS = 10_000;

export type Leadership = { isLeading(): boolean; stop(): Promise<void> };

/**
 * Calls `lead()` while this process holds the lock; `lead` returns the function that stops leading.
 * A node that does not lead tries again every `retryMs` (GAME_CLOCK_RETRY_MS), and after a failed try
 * (database unreachable) waits twice as long each time, up to ten seconds. While leading, the lock's
 * connection is checked every `retryMs`: a connection that died, or stopped answering, ends the lead.
 * On the embedded database this process is the only one, so it leads at once.
 */
export function runWhileLeader(
  databaseUrl: string | undefined,
  retryMs: number,
  log: Logger,
  lead: () => () => Promise<void>,
): Leadership {
  if (!databaseUrl) {
    const stopLeading = lead();
    log.info('game clock: embedded database, this process leads');
    return { isLeading: () => true, stop: stopLeading };
  }
  let isStopped = false;
  // The connection that holds, or is trying for, the lock; a connection that is no longer this one is stale.
  let client: pg.Client | null = null;
  let stopLeading: (() => Promise<void>) | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let checkTimer: NodeJS.Timeout | null = null;
  let failedTries = 0;

  const scheduleTry = () => {
    if (isStopped || retryTimer) return;
    const delayMs = Math.min(retryMs * 2 ** failedTries, Math.max(retryMs, MAX_BACKOFF_MS));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void tryToLead();
    }, delayMs);
  };

  const loseLeadership = async (lost: pg.Client, reason: string) => {
    if (lost !== client) return;
    client = null;
    if (checkTimer) clearInterval(checkTimer);
    checkTimer = null;
    lost.end().catch(() => undefined);
    const stop = stopLeading;
    stopLeading = null;
    if (stop) {
      log.warn({ reason }, 'game clock: leadership lost');
      // The clock must have stopped before this node may lead again.
      await stop().catch((error: unknown) => log.error({ err: error }, 'game clock: stopping failed'));
    } else {
      failedTries += 1;
    }
    scheduleTry();
  };

  const checkConnection = (held: pg.Client) => {
    checkTimer = setInterval(() => {
      held.query('select 1').catch((error: Error) => void loseLeadership(held, `lock connection check failed: ${error.message}`));
    }, retryMs);
  };

  const tryToLead = async () => {
    if (isStopped) return;
    // query_timeout: a connection that stopped answering fails its check instead of leading forever.
    const candidate = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: Math.max(retryMs, 5_000),
    });
    client = candidate;
    // Without a listener a dropped connection's 'error' event would end the process.
    candidate.on('error', (error) => void loseLeadership(candidate, error.message));
    try {
      await candidate.connect();
      const [row] = (
        await candidate.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [GAME_CLOCK_LOCK_KEY])
      ).rows;
      if (client !== candidate) return;
      failedTries = 0;
      if (row?.locked && !isStopped) {
        stopLeading = lead();
        checkConnection(candidate);
        log.info('game clock: this node holds the lock and leads');
        return;
      }
      client = null;
      await candidate.end();
    } catch (error) {
      // Lost meanwhile: the 'error' listener has already scheduled the next try.
      if (client !== candidate) return;
      client = null;
      candidate.end().catch(() => undefined);
      failedTries += 1;
      log.warn({ err: error, failedTries }, 'game clock: could not try for the lock');
    }
    scheduleTry();
  };
  void tryToLead();

  return {
    isLeading: () => stopLeading !== null,
    async stop() {
      isStopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (checkTimer) clearInterval(checkTimer);
      const stop = stopLeading;
      stopLeading = null;
      if (stop) await stop();
      const held = client;
      client = null;
      await held?.end().catch(() => undefined);
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
