import { runsOn } from './db/database-of.ts';
import type { Db, Row, Tx } from './db/db.ts';
import { EMBEDDED_LEASE, type LeaderLease } from './leader-lease.ts';

// The database as the clock leader's work uses it (decision 0030). Every statement is refused once the
// lease has lapsed by this process's own reckoning, so a leader that was frozen mid-step sends nothing
// more when it wakes. Every transaction begins by checking the term on the database and commits only
// after a last check that the lease will outlast the commit; the database ends such a transaction if
// its process leaves it waiting (a frozen leader), which also releases the rows it locked.
//
// A single statement outside a transaction is checked here before it waits for a pooled connection,
// so it can still reach the database late; the clock's single-statement writes are each guarded by
// the state they change (close only an open round, announce a take-off only once, settle only an
// unsettled round), so a late one changes nothing another leader has done.

function fencedTransaction(tx: Tx, lease: LeaderLease): Tx {
  return runsOn(
    {
      async query<T extends Row>(sql: string, params?: readonly unknown[]) {
        lease.assertHeld();
        return tx.query<T>(sql, params);
      },
      async exec(sql: string) {
        lease.assertHeld();
        return tx.exec(sql);
      },
    },
    tx,
  );
}

/** `db` for the work of the holder of `lease`; the embedded database's is `db` itself. */
export function fencedDb(db: Db, lease: LeaderLease): Db {
  if (lease === EMBEDDED_LEASE) return db;
  const fenced: Db = {
    kind: db.kind,
    async query<T extends Row>(sql: string, params?: readonly unknown[]) {
      lease.assertHeld();
      return db.query<T>(sql, params);
    },
    async exec(sql: string) {
      lease.assertHeld();
      return db.exec(sql);
    },
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        lease.assertHeld();
        await lease.beginTransaction(tx);
        const result = await work(fencedTransaction(tx, lease));
        await lease.endTransaction(tx);
        return result;
      });
    },
    // The leader's view borrows the database; the server closes it.
    close: async () => undefined,
    ...(db.poolStats ? { poolStats: () => db.poolStats!() } : {}),
  };
  return runsOn(fenced, db);
}
