import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { runsOn } from './database-of.ts';
import type { Db, Row, Tx } from './db.ts';
import { isConnectionError, isRetryableTransactionError, tryAgain } from './db-errors.ts';

// BIGINT columns carry money in paise; they must arrive as bigint, never as a rounded number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

/** What the database layer logs: lost connections, retried transactions, reconnect back-off. */
export type DbLog = { warn(details: object, message: string): void };

const silentLog: DbLog = { warn: () => undefined };

/**
 * A transaction that PostgreSQL aborted as a serialization failure (40001) or a deadlock victim (40P01)
 * was rolled back entirely, so `work` runs again from the start: at most this many runs in all.
 */
export const MAX_TRANSACTION_ATTEMPTS = 4;
const RETRY_BASE_DELAY_MS = 10;

/** After a failed connect, new connects wait this long (doubling per failure, up to the maximum). */
const RECONNECT_BASE_DELAY_MS = 100;
const RECONNECT_MAX_DELAY_MS = 1_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** Full jitter: anywhere between zero and the doubled base, so that the losers of one race do not meet again. */
function jitteredDelayMs(baseMs: number, attempt: number): number {
  return Math.floor(Math.random() * baseMs * 2 ** attempt);
}

/**
 * At most this many distinct statements get a name (the rest run unnamed): every connection keeps each
 * named statement it prepared for life, so the bound is what caps PostgreSQL's memory per backend.
 */
const MAX_NAMED_STATEMENTS = 2_000;

/**
 * Names each parameterised statement by its text, so PostgreSQL parses and analyses it once per
 * connection instead of at every call (decision 0028). A statement without parameters goes by the
 * simple protocol as before (it may hold several commands, which a prepared statement cannot).
 */
function statementNamer(): (sql: string, params: readonly unknown[]) => pg.QueryConfig {
  const names = new Map<string, string>();
  return (sql, params) => {
    if (params.length === 0) return { text: sql };
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `mayur_${names.size}`;
      names.set(sql, name);
    }
    return { name, text: sql, values: params as unknown[] };
  };
}

class BoundedConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export async function openPostgres(connectionString: string, maxConnections = 20, log: DbLog = silentLog): Promise<Db> {
  // A lock wait or an abandoned transaction fails loudly instead of hanging a request forever. Opening
  // a connection to an unreachable server gives up after ten seconds; waiting for a free connection of
  // the pool is not bounded (the pool's own timeout would bound both, turning load into refusals).
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    Client: BoundedConnectClient,
    keepAlive: true,
    options: '-c lock_timeout=10000 -c idle_in_transaction_session_timeout=60000',
  });
  const statement = statementNamer();
  // An idle connection can die (server restart, failover, pg_terminate_backend); the pool drops it
  // and opens another on demand. Without a listener the 'error' event would crash the whole process.
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection lost'));
  // The pool takes its idle listener off a client before the borrower's code can attach one: an
  // error arriving in the same network read as the client's readiness (a backend terminated just as
  // it connected) would be unhandled. Every client keeps this listener for life; a client that errored
  // is not queryable, its next query fails as a connection error, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Fail at start, not at the first request, when the database is unreachable.
  await pool.query('select 1');

  // While the database refuses connections, requests are refused at once (TRY_AGAIN) instead of each
  // one knocking on the server; the wait doubles with every failed connect and resets on success.
  let failedConnects = 0;
  let nextConnectAtMs = 0;
  const acquire = async (): Promise<pg.PoolClient> => {
    if (Date.now() < nextConnectAtMs) throw tryAgain(new Error('waiting before reconnecting to the database'));
    try {
      const client = await pool.connect();
      failedConnects = 0;
      return client;
    } catch (error) {
      // Whatever keeps a connection from opening (refused, timed out, the server starting up or not
      // accepting connections) makes the database unavailable to this node for now.
      const delayMs = Math.min(RECONNECT_BASE_DELAY_MS * 2 ** failedConnects, RECONNECT_MAX_DELAY_MS);
      failedConnects += 1;
      nextConnectAtMs = Date.now() + delayMs;
      log.warn({ err: error, failedConnects, delayMs }, 'database connect failed: retrying later');
      throw tryAgain(error);
    }
  };

  /**
   * Runs `use` on a checked-out connection. A checked-out client has no listener from the pool: an
   * 'error' event on it (the server ended the session) would crash the process, so one is attached for
   * the whole checkout, and a broken client is handed back as broken so the pool discards it.
   */
  const withClient = async <T>(use: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await acquire();
    let brokenBy: Error | undefined;
    const onError = (error: Error) => {
      brokenBy ??= error;
      log.warn({ err: error }, 'database connection lost while in use');
    };
    client.on('error', onError);
    try {
      return await use(client);
    } catch (error) {
      if (isConnectionError(error)) {
        brokenBy ??= error as Error;
        throw tryAgain(error);
      }
      throw error;
    } finally {
      client.release(brokenBy);
      client.removeListener('error', onError);
    }
  };

  const runTransaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    withClient(async (client) => {
      await client.query('begin');
      try {
        const result = await work(
          runsOn(
            {
              async query<R extends Row>(sql: string, params: readonly unknown[] = []) {
                return (await client.query<R>(statement(sql, params))).rows;
              },
              async exec(sql: string) {
                await client.query(sql);
              },
            },
            db,
          ),
        );
        await client.query('commit');
        return result;
      } catch (error) {
        // On a broken connection there is nothing to roll back: the server already did.
        if (!isConnectionError(error)) await client.query('rollback').catch(() => undefined);
        throw error;
      }
    });

  const db: Db = {
    kind: 'postgres',
    query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      return withClient(async (client) => (await client.query<T>(statement(sql, params))).rows);
    },
    async exec(sql: string) {
      await withClient((client) => client.query(sql));
    },
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await runTransaction(work);
        } catch (error) {
          if (!isRetryableTransactionError(error)) throw error;
          // Every attempt lost: the player hears "try again", never an internal error.
          if (attempt >= MAX_TRANSACTION_ATTEMPTS) throw tryAgain(error);
          const delayMs = jitteredDelayMs(RETRY_BASE_DELAY_MS, attempt);
          log.warn(
            { err: error, code: (error as { code?: string }).code, attempt, delayMs },
            'transaction aborted by the database: running it again',
          );
          await sleep(delayMs);
        }
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: maxConnections }),
  };
  return db;
}
