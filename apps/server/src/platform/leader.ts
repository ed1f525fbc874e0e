import os from 'node:os';
import pg from 'pg';
import type { Logger } from 'pino';
import {
  EMBEDDED_LEASE,
  HeldLease,
  LeaseLostError,
  leaseTimings,
  releaseLease,
  takeLeaseIfFree,
  type LeaderLease,
  type LeaseTimings,
} from './leader-lease.ts';

// The game clock runs in exactly one node: the holder of the game clock's lease (DESIGN.md §2,
// decision 0030). The lease is a row whose expiry is set on the database's clock; the leader renews it
// on a dedicated connection well within its length. A node that does not lead takes it over once it
// has lapsed (the leader hangs: a pause, a stopped process, a stalled machine) or at once when the
// leader's lease connection is gone (the process died). A leader that finds its term taken, or whose
// lease connection fails, stops its clock; every statement of the clock is refused once the lease has
// lapsed by the leader's own reckoning, and every clock transaction commits only under the lease.

/** While the database cannot be reached, tries for the lease back off up to this long apart. */
const MAX_BACKOFF_MS = 10_000;

export type Leadership = { isLeading(): boolean; stop(): Promise<void> };

export type LeadershipSettings = {
  /** PostgreSQL; without it the embedded database's one process leads at once. */
  databaseUrl: string | undefined;
  /** How often a node that does not lead tries for the lease (GAME_CLOCK_RETRY_MS). */
  retryMs: number;
  /** The lease's length on the database's clock (GAME_CLOCK_LEASE_MS). */
  leaseMs: number;
};

/**
 * Calls `lead(lease)` while this process holds the lease; `lead` returns the function that stops
 * leading. On the embedded database this process is the only one, so it leads at once.
 */
export function runWhileLeader(
  settings: LeadershipSettings,
  log: Logger,
  lead: (lease: LeaderLease) => () => Promise<void>,
): Leadership {
  if (!settings.databaseUrl) {
    const stopLeading = lead(EMBEDDED_LEASE);
    log.info('game clock: embedded database, this process leads');
    return { isLeading: () => true, stop: stopLeading };
  }
  return new LeaseContender(settings.databaseUrl, settings, log, lead);
}

/**
 * A node on PostgreSQL. While it does not lead it tries for the lease every `retryMs`, and after a
 * failed try (database unreachable) waits twice as long each time, up to ten seconds. While it leads,
 * the lease is renewed every quarter of its length on the lease's own connection: a renewal that finds
 * another term, or fails, and a connection that dies, end the lead.
 */
class LeaseContender implements Leadership {
  private readonly timings: LeaseTimings;
  private readonly holder = `${os.hostname()}:${process.pid}`;
  private isStopped = false;
  /** The connection that holds, or is trying for, the lease; a connection that is no longer this one is stale. */
  private client: pg.Client | null = null;
  private held: { lease: HeldLease; stopLeading: () => Promise<void>; renewTimer: NodeJS.Timeout } | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failedTries = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly settings: LeadershipSettings,
    private readonly log: Logger,
    private readonly lead: (lease: LeaderLease) => () => Promise<void>,
  ) {
    this.timings = leaseTimings(settings.leaseMs);
    void this.tryToLead();
  }

  isLeading(): boolean {
    return this.held !== null;
  }

  private scheduleTry(): void {
    if (this.isStopped || this.retryTimer) return;
    const { retryMs } = this.settings;
    const delayMs = Math.min(retryMs * 2 ** this.failedTries, Math.max(retryMs, MAX_BACKOFF_MS));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.tryToLead();
    }, delayMs);
  }

  private async tryToLead(): Promise<void> {
    if (this.isStopped) return;
    // query_timeout: a lease statement that takes longer than the lease itself has failed.
    const candidate = new pg.Client({
      connectionString: this.databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      query_timeout: this.timings.leaseMs,
      // Operators find the holder's connection by this name (runbooks: MayurNoClockLeader).
      application_name: 'mayur-game-clock-lease',
    });
    this.client = candidate;
    // Without a listener a dropped connection's 'error' event would end the process.
    candidate.on('error', (error) => void this.loseLeadership(candidate, `lease connection failed: ${error.message}`));
    try {
      await candidate.connect();
      const sentAtMs = performance.now();
      const term = await takeLeaseIfFree(candidate, this.holder, this.timings.leaseMs);
      if (this.client !== candidate) return;
      this.failedTries = 0;
      if (term !== null && !this.isStopped) return this.startLeading(candidate, term, sentAtMs);
      if (term !== null) await releaseLease(candidate, term);
      this.client = null;
      await candidate.end();
    } catch (error) {
      // Lost meanwhile: the 'error' listener has already scheduled the next try.
      if (this.client !== candidate) return;
      this.client = null;
      candidate.end().catch(() => undefined);
      this.failedTries += 1;
      this.log.warn({ err: error, failedTries: this.failedTries }, 'game clock: could not try for the lease');
    }
    this.scheduleTry();
  }

  private startLeading(candidate: pg.Client, term: bigint, takenAtMs: number): void {
    const onLost = (reason: string) => void this.loseLeadership(candidate, reason);
    const lease = new HeldLease(candidate, term, this.timings, takenAtMs, onLost);
    const renewTimer = setInterval(() => void lease.renew(), this.timings.renewEveryMs);
    this.held = { lease, renewTimer, stopLeading: this.lead(lease) };
    this.log.info({ term: term.toString(), leaseMs: this.timings.leaseMs }, 'game clock: this node holds the lease and leads');
  }

  private async loseLeadership(lost: pg.Client, reason: string): Promise<void> {
    if (lost !== this.client) return;
    this.client = null;
    const leading = this.held;
    this.held = null;
    lost.end().catch(() => undefined);
    if (leading) {
      clearInterval(leading.renewTimer);
      // Refuses the clock's statements from now on, whatever the reason.
      leading.lease.lose(reason);
      this.log.warn({ reason, term: leading.lease.term.toString() }, 'game clock: leadership lost');
      // The clock must have stopped before this node may lead again.
      await leading.stopLeading().catch((error: unknown) => this.log.error({ err: error }, 'game clock: stopping failed'));
    } else {
      this.failedTries += 1;
    }
    this.scheduleTry();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const leading = this.held;
    this.held = null;
    const connection = this.client;
    this.client = null;
    if (leading) {
      // The clock's last steps finish under the lease (it is still renewed), then it is handed back.
      await leading.stopLeading();
      clearInterval(leading.renewTimer);
      if (connection) await releaseLease(connection, leading.lease.term).catch(() => undefined);
    }
    await connection?.end().catch(() => undefined);
  }
}

/** Runs the leader's `step` only while its lease is held with a step's margin left (renewed first when low). */
export function underLease(lease: LeaderLease, step: () => Promise<void>): () => Promise<void> {
  return async () => {
    if (await lease.ensure()) await step();
  };
}

/** Runs `step` every `intervalMs`, never overlapping itself; returns the stop function. */
export function startInterval(intervalMs: number, step: () => Promise<void>, log: Logger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = step()
      .catch((error: unknown) => {
        // The leader lost its lease mid-step (paused, or taken over): the step was refused, as it must be.
        if (error instanceof LeaseLostError) log.warn({ reason: error.message }, 'game clock step refused: lease not held');
        else log.error({ err: error }, 'game clock step failed');
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
