import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './db.ts';
import { openPostgres, type DbLog } from './postgres.ts';
import { grantRuntimeRole } from './runtime-role.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
// Any constant shared by every node: only one node applies migrations at a time.
const MIGRATION_LOCK_KEY = 7_215_001;
/** PostgreSQL's insufficient_privilege: the role may not create or alter what a migration does. */
const INSUFFICIENT_PRIVILEGE = '42501';

export type MigrateOptions = {
  /** The server's own role, granted what it needs after the migrations (when the migrating role owns the tables). */
  grantTo?: string;
};

function migrationFiles(): string[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
}

/** The checked-in migrations not recorded yet, read without taking a lock or creating anything. */
export async function findPendingMigrations(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>("select to_regclass('schema_migrations')::text as name");
  if (!table?.name) return migrationFiles();
  const applied = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version),
  );
  return migrationFiles().filter((file) => !applied.has(file));
}

/**
 * Applies every checked-in migration not applied yet, in file-name order, in one transaction, then
 * grants `options.grantTo` its privileges in the same transaction. When nothing is pending and there is
 * nothing to grant it only reads, so a role that owns no table (the server's, decision 0032) starts on
 * a migrated database; a pending migration it may not apply stops the start and says what to run.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const pending = await findPendingMigrations(db);
  if (pending.length === 0 && options.grantTo === undefined) return [];
  try {
    return await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.query(
        'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
      );
      const applied = new Set(
        (await tx.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version),
      );
      const newlyApplied: string[] = [];
      for (const file of migrationFiles()) {
        if (applied.has(file)) continue;
        await tx.exec(fs.readFileSync(path.join(migrationsDir, file), 'utf8'));
        await tx.query('insert into schema_migrations (version) values ($1)', [file]);
        newlyApplied.push(file);
      }
      if (options.grantTo !== undefined) await grantRuntimeRole(tx, options.grantTo);
      return newlyApplied;
    });
  } catch (error) {
    if ((error as { code?: unknown }).code !== INSUFFICIENT_PRIVILEGE) throw error;
    throw new Error(
      `${pending.length} database migration(s) are not applied (${pending.join(', ')}) and this role may not apply them (${(error as Error).message}): apply them as the owner role, with MIGRATION_DATABASE_URL set (npm run admin -- db:migrate)`,
      { cause: error },
    );
  }
}

/**
 * Migrates with the owner's connection (MIGRATION_DATABASE_URL) and grants the server's role, the one
 * `db` is connected as, what it needs; the owner's connection is closed before the server serves.
 */
export async function migrateAsOwner(migrationDatabaseUrl: string, db: Db, log?: DbLog): Promise<string[]> {
  const [runtime] = await db.query<{ role: string }>('select current_user as role');
  const owner = await openPostgres(migrationDatabaseUrl, 1, log);
  try {
    const [self] = await owner.query<{ role: string }>('select current_user as role');
    // One role for both is the single-URL mode: there is nothing to grant to the owner.
    return await migrate(owner, runtime!.role === self!.role ? {} : { grantTo: runtime!.role });
  } finally {
    await owner.close();
  }
}

/** Applies the migrations as `config` says: with the owner's connection when one is set, else with `db` itself. */
export async function migrateFor(config: { migrationDatabaseUrl: string | undefined }, db: Db, log?: DbLog): Promise<string[]> {
  return config.migrationDatabaseUrl ? migrateAsOwner(config.migrationDatabaseUrl, db, log) : migrate(db);
}
