import type { Queryable } from './db.ts';

// Which database a transaction talks to. Caches of facts that never change once committed (a player's
// ledger account ids) are kept per database, and a use case holds only its transaction: this map leads
// from the transaction back to the database, so one process serving several databases (tests, tools)
// never mixes their facts.

const databases = new WeakMap<Queryable, object>();

/** The database behind `queryable`: itself for a database, its database for a transaction. */
export function databaseOf(queryable: Queryable): object {
  return databases.get(queryable) ?? queryable;
}

/** Records that `tx` runs on the database of `parent` and returns it. */
export function runsOn<T extends Queryable>(tx: T, parent: Queryable): T {
  databases.set(tx, databaseOf(parent));
  return tx;
}
