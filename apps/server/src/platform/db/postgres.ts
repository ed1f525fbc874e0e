import pg from 'pg';
import type { Db, Row } from './db.ts';

// BIGINT columns carry money in paise; they must arrive as bigint, never as a rounded number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => BigInt(value));

export async function openPostgres(
  connectionString: string,
  maxConnections = 20,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Db> {
  // A lock wait or an abandoned transaction fails loudly instead of hanging a request forever.
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    options: '-c lock_timeout=10000 -c idle_in_transaction_session_timeout=60000',
  });
  // An idle connection can die (server restart, failover); the pool replaces it. Without a listener
  // the 'error' event would crash the whole process.
  pool.on('error', onIdleError);
  // Fail at start, not at the first request, when the database is unreachable.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query<T>(sql, params as unknown[])).rows;
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
