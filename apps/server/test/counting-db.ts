import { runsOn } from '../src/platform/db/database-of.ts';
import type { Db, Queryable, Row } from '../src/platform/db/db.ts';

// A database that writes down every statement sent through it, so a test can count round trips:
// each query is one, and a transaction adds two more (its begin and its commit or rollback).

export type CountingDb = Db & {
  /** Every statement since the last `reset`, in the order sent; `begin` and `commit` included. */
  statements: string[];
  reset(): void;
};

export function countingDb(inner: Db): CountingDb {
  const statements: string[] = [];
  const counted = (target: Queryable): Queryable => ({
    query<T extends Row>(sql: string, params?: readonly unknown[]) {
      statements.push(sql);
      return target.query<T>(sql, params);
    },
    exec(sql: string) {
      statements.push(sql);
      return target.exec(sql);
    },
  });
  const db: CountingDb = {
    ...counted(inner),
    kind: inner.kind,
    statements,
    reset: () => void statements.splice(0),
    async transaction(work) {
      statements.push('begin');
      try {
        return await inner.transaction((tx) => work(runsOn(counted(tx), tx)));
      } finally {
        statements.push('commit');
      }
    },
    close: () => inner.close(),
  };
  return runsOn(db, inner);
}
