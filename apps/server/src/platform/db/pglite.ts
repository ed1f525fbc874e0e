import fs from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { runsOn } from './database-of.ts';
import type { Db, Row } from './db.ts';

// BIGINT columns carry money in paise; they must arrive as bigint, never as a rounded number.
const parsers = { [types.INT8]: (value: string) => BigInt(value) };

/** Opens the embedded database in `dataDir` (created if missing), or in memory when dataDir is "memory://". */
export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers });
  const db: Db = {
    kind: 'pglite',
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pglite.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    transaction(work) {
      return pglite.transaction((tx) =>
        work(
          runsOn(
            {
              async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
                return (await tx.query<T>(sql, params as unknown[])).rows;
              },
              async exec(sql: string) {
                await tx.exec(sql);
              },
            },
            db,
          ),
        ),
      );
    },
    close: () => pglite.close(),
  };
  return db;
}
