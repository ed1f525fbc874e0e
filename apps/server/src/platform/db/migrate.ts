import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any constant shared by every node: only one node applies migrations at a time.
const MIGRATION_LOCK_KEY = 7_215_001;

/** Applies every checked-in migration not applied yet, in file-name order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version),
    );
    const newlyApplied: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      await tx.exec(fs.readFileSync(path.join(migrationsDir, file), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
      newlyApplied.push(file);
    }
    return newlyApplied;
  });
}
