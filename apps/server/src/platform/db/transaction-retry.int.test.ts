import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../../test/scratch-database.ts';
import { AppError } from '../http/app-error.ts';
import type { Db, Tx } from './db.ts';
import { MAX_TRANSACTION_ATTEMPTS, openPostgres } from './postgres.ts';

// A transaction PostgreSQL aborts as a deadlock victim (40P01) or a serialization
// failure (40001) was rolled back whole, so the helper runs it again, a bounded number of times.

function barrier(parties: number) {
  let arrived = 0;
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) release();
    return opened;
  };
}

describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL transaction helper', () => {
  let scratch: ScratchDatabase;
  let db: Db;
  const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'mayur_retry');
    db = await openPostgres(scratch.url, 4, { warn: (details, message) => warnings.push({ details: { ...details }, message }) });
    await db.exec('create table counters (id integer primary key, n integer not null)');
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  async function resetCounters() {
    await db.query('delete from counters');
    await db.query('insert into counters (id, n) values (1, 0), (2, 0)');
    warnings.length = 0;
  }

  const counters = async () =>
    (await db.query<{ id: number; n: number }>('select id, n from counters order by id')).map((row) => row.n);

  it('runs the deadlock victim again, so both transactions commit', async () => {
    await resetCounters();
    const bothLockedOne = barrier(2);
    let runs = 0;
    // Two transactions lock the same two rows in opposite order, each waiting until the other holds its first row.
    const crossing = (firstId: number, secondId: number) =>
      db.transaction(async (tx: Tx) => {
        runs += 1;
        await tx.query('update counters set n = n + 1 where id = $1', [firstId]);
        await bothLockedOne();
        await tx.query('update counters set n = n + 1 where id = $1', [secondId]);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(await counters()).toEqual([2, 2]);
    expect(runs).toBe(3);
    expect(warnings.map((warning) => [warning.details.code, warning.details.attempt])).toEqual([['40P01', 1]]);
  });

  it('runs a serialization failure again on a fresh snapshot', async () => {
    await resetCounters();
    const bothRead = barrier(2);
    let runs = 0;
    // Repeatable read: both read the row, then both write it; the second writer cannot be serialized.
    const increment = () =>
      db.transaction(async (tx: Tx) => {
        runs += 1;
        await tx.query('set transaction isolation level repeatable read');
        const [row] = await tx.query<{ n: number }>('select n from counters where id = 1');
        await bothRead();
        await tx.query('update counters set n = $1 where id = 1', [row!.n + 1]);
      });
    await Promise.all([increment(), increment()]);
    expect(await counters()).toEqual([2, 0]);
    expect(runs).toBe(3);
    expect(warnings.map((warning) => warning.details.code)).toEqual(['40001']);
  });

  it('gives up after a bounded number of runs with TRY_AGAIN, and never retries other errors', async () => {
    await resetCounters();
    let runs = 0;
    const alwaysDeadlocked = db.transaction(async (tx: Tx) => {
      runs += 1;
      await tx.query('update counters set n = n + 1 where id = 1');
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    await expect(alwaysDeadlocked).rejects.toSatisfy(
      (error: unknown) => error instanceof AppError && error.code === 'TRY_AGAIN' && error.httpStatus === 503,
    );
    expect(runs).toBe(MAX_TRANSACTION_ATTEMPTS);
    expect(await counters()).toEqual([0, 0]);

    let uniqueRuns = 0;
    const duplicate = db.transaction(async (tx: Tx) => {
      uniqueRuns += 1;
      await tx.query('insert into counters (id, n) values (1, 0)');
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    expect(uniqueRuns).toBe(1);
  });
});
