import type pg from 'pg';
import type { Queryable } from './db/db.ts';

// The game clock's lease (decision 0030): one row of `game_clock_lease` whose expiry is set on the
// database's clock. Its holder renews it well within its length; another node takes it over once it has
// lapsed, or at once when the holder's lease connection is gone. Each take-over raises the term.
//
// The holder also keeps its own, cautious, reckoning: a renewal sent at local instant t makes the lease
// valid until at least t + lease length (the database set the expiry later than t), measured on this
// process's monotonic clock. A process that was frozen wakes past that instant and refuses every
// statement of the clock until a renewal has confirmed the term is still its own.

export const GAME_CLOCK_LEASE_NAME = 'game-clock';

export class LeaseLostError extends Error {
  constructor(reason: string) {
    super(`game clock lease not held: ${reason}`);
    this.name = 'LeaseLostError';
  }
}

/** What a leader may rely on; the embedded database's single process holds it for good. */
export type LeaderLease = {
  term: bigint;
  /** Whether the lease is still held with a step's margin left, renewing it first when less is left. */
  ensure(): Promise<boolean>;
  /** Throws LeaseLostError unless the lease is held now, by this process's own reckoning. */
  assertHeld(): void;
  /** First statement of each of the leader's transactions (fenced-db.ts). */
  beginTransaction(tx: Queryable): Promise<void>;
  /** Last statement before each of the leader's transactions commits (fenced-db.ts). */
  endTransaction(tx: Queryable): Promise<void>;
};

/** The embedded database has one process: it leads for good, and its database needs no fence. */
export const EMBEDDED_LEASE: LeaderLease = {
  term: 0n,
  ensure: async () => true,
  assertHeld: () => undefined,
  beginTransaction: async () => undefined,
  endTransaction: async () => undefined,
};

export type LeaseTimings = {
  leaseMs: number;
  /** The leader renews this often: a renewal can be late or lost twice and the lease still holds. */
  renewEveryMs: number;
  /** A clock step starts only with this much left; less, and the step renews first. */
  stepMarginMs: number;
  /** A clock transaction commits only while the lease has more than this left on the database's clock. */
  commitMarginMs: number;
  /**
   * The database ends a clock transaction whose process leaves it waiting this long (a frozen
   * leader): shorter than the commit margin, so a commit held up past the lease can never happen.
   */
  idleInTransactionMs: number;
};

export function leaseTimings(leaseMs: number): LeaseTimings {
  return {
    leaseMs,
    renewEveryMs: Math.floor(leaseMs / 4),
    stepMarginMs: Math.floor((leaseMs * 2) / 3),
    commitMarginMs: Math.floor(leaseMs / 2),
    // A tenth of the lease is left for the commit itself.
    idleInTransactionMs: Math.floor((leaseMs * 2) / 5),
  };
}

/**
 * Takes the lease when it is free: lapsed on the database's clock, or its holder's lease connection is
 * gone (a killed process need not wait for the lapse). Returns the new term, or null when another node
 * holds it. The take-over only succeeds on the term it saw (compare and set): a holder that renewed
 * meanwhile, or another node that took it first, makes it change nothing.
 */
export async function takeLeaseIfFree(client: pg.Client, holder: string, leaseMs: number): Promise<bigint | null> {
  // pg_stat_activity is read in this statement, after the holder's connection took the lease: a holder
  // missing from it has lost that connection for good, and the term it holds can never be renewed.
  const { rows: seen } = await client.query<{ term: bigint | string; is_free: boolean }>(
    `select l.term, l.expires_at <= clock_timestamp()
              or not exists (select 1 from pg_stat_activity a where a.pid = l.holder_pid) as is_free
       from game_clock_lease l where l.name = $1`,
    [GAME_CLOCK_LEASE_NAME],
  );
  if (!seen[0]) throw new Error('the game clock lease row is missing (migration 0031)');
  if (!seen[0].is_free) return null;
  const { rows: taken } = await client.query<{ term: bigint | string }>(
    `update game_clock_lease
        set term = term + 1, holder = $3, holder_pid = pg_backend_pid(),
            expires_at = clock_timestamp() + make_interval(secs => $4::double precision / 1000)
      where name = $1 and term = $2
        and (expires_at <= clock_timestamp() or not exists (select 1 from pg_stat_activity a where a.pid = holder_pid))
      returning term`,
    [GAME_CLOCK_LEASE_NAME, String(seen[0].term), holder, leaseMs],
  );
  return taken[0] ? BigInt(taken[0].term) : null;
}

/** Extends the lease from now on the database's clock, only under the same term (nobody took it over). */
async function renewLease(client: pg.Client, term: bigint, leaseMs: number): Promise<boolean> {
  const { rows } = await client.query(
    `update game_clock_lease set expires_at = clock_timestamp() + make_interval(secs => $3::double precision / 1000)
      where name = $1 and term = $2 returning term`,
    [GAME_CLOCK_LEASE_NAME, term.toString(), leaseMs],
  );
  return rows.length > 0;
}

/** Ends the lease at once, so that the next node's try takes it without waiting for the lapse. */
export async function releaseLease(client: pg.Client, term: bigint): Promise<void> {
  await client.query('update game_clock_lease set expires_at = clock_timestamp() where name = $1 and term = $2', [
    GAME_CLOCK_LEASE_NAME,
    term.toString(),
  ]);
}

/**
 * First statement of a clock transaction: sets the idle limit for this transaction only and tells
 * whether the term is still this leader's and unexpired.
 */
async function openFencedTransaction(tx: Queryable, term: bigint, timings: LeaseTimings): Promise<void> {
  const [row] = await tx.query<{ idle_limit: string; is_held: boolean }>(
    `select set_config('idle_in_transaction_session_timeout', $3, true) as idle_limit,
            exists (select 1 from game_clock_lease where name = $1 and term = $2 and expires_at > clock_timestamp()) as is_held`,
    [GAME_CLOCK_LEASE_NAME, term.toString(), String(timings.idleInTransactionMs)],
  );
  if (!row?.is_held) throw new LeaseLostError('the lease had lapsed or changed hands when a clock transaction began');
}

/**
 * Last statement before a clock transaction commits: the term is still this leader's and the lease
 * has more than the commit margin left on the database's clock. The idle limit is shorter than that
 * margin, so even a process frozen between this check and its COMMIT cannot commit after the lease.
 */
async function closeFencedTransaction(tx: Queryable, term: bigint, timings: LeaseTimings): Promise<void> {
  const [row] = await tx.query<{ is_held: boolean }>(
    `select exists (select 1 from game_clock_lease where name = $1 and term = $2
                      and expires_at > clock_timestamp() + make_interval(secs => $3::double precision / 1000)) as is_held`,
    [GAME_CLOCK_LEASE_NAME, term.toString(), timings.commitMarginMs],
  );
  if (!row?.is_held) throw new LeaseLostError('the lease would not outlast the commit of a clock transaction');
}

/**
 * The lease as its holder keeps it, on its dedicated connection. `onLost` is called once, when a
 * renewal finds another term (someone took it over) or fails (the connection or the database).
 */
export class HeldLease implements LeaderLease {
  private validUntilMs: number;
  private renewing: Promise<boolean> | null = null;
  private lostReason: string | null = null;

  constructor(
    private readonly client: pg.Client,
    readonly term: bigint,
    readonly timings: LeaseTimings,
    takenAtMs: number,
    private readonly onLost: (reason: string) => void,
  ) {
    this.validUntilMs = takenAtMs + timings.leaseMs;
  }

  get isLost(): boolean {
    return this.lostReason !== null;
  }

  remainingMs(): number {
    return this.lostReason === null ? this.validUntilMs - performance.now() : -Infinity;
  }

  /** Renews now (one renewal at a time; callers meanwhile share it). Resolves false once the lease is lost. */
  renew(): Promise<boolean> {
    this.renewing ??= this.renewOnce().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  private async renewOnce(): Promise<boolean> {
    if (this.lostReason !== null) return false;
    const sentAtMs = performance.now();
    try {
      if (await renewLease(this.client, this.term, this.timings.leaseMs)) {
        this.validUntilMs = Math.max(this.validUntilMs, sentAtMs + this.timings.leaseMs);
        return this.lostReason === null;
      }
      this.lose('another node took the lease over');
    } catch (error) {
      this.lose(`renewal failed: ${(error as Error).message}`);
    }
    return false;
  }

  /** Stops every statement of the clock at once, then tells the leadership loop. */
  lose(reason: string): void {
    if (this.lostReason !== null) return;
    this.lostReason = reason;
    this.onLost(reason);
  }

  async ensure(): Promise<boolean> {
    if (this.remainingMs() > this.timings.stepMarginMs) return true;
    return (await this.renew()) && this.remainingMs() > 0;
  }

  assertHeld(): void {
    if (this.lostReason !== null) throw new LeaseLostError(this.lostReason);
    if (this.remainingMs() <= 0) throw new LeaseLostError("lapsed by this process's own clock (was it paused?)");
  }

  beginTransaction(tx: Queryable): Promise<void> {
    return openFencedTransaction(tx, this.term, this.timings);
  }

  async endTransaction(tx: Queryable): Promise<void> {
    // Renews first when the lease is low, so that a long transaction is not refused needlessly.
    if (!(await this.ensure())) throw new LeaseLostError(this.lostReason ?? 'lapsed before a clock transaction could commit');
    this.assertHeld();
    await closeFencedTransaction(tx, this.term, this.timings);
  }
}
