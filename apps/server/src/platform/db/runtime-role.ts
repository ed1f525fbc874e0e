import type { Queryable } from './db.ts';

// The server's role on PostgreSQL when migrations run as another one (MIGRATION_DATABASE_URL, decision
// 0032): it owns nothing, so it can neither ALTER, DISABLE TRIGGER on nor DROP a table, and it gets
// only what its work needs. Granted by the owner after every migration run, in the migration's
// transaction, so tables added by later migrations are covered the next time migrations run.

/** The trigger function that marks a table append-only (migration 0030). */
const APPEND_ONLY_MARK = 'append_only_forbid_truncate';

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Tables whose statement trigger refuses TRUNCATE with the append-only mark. */
export async function findAppendOnlyTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select distinct c.relname as name
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_proc p on p.oid = t.tgfoid
      where n.nspname = 'public' and p.proname = $1 and not t.tgisinternal
      order by 1`,
    [APPEND_ONLY_MARK],
  );
  return rows.map((row) => row.name);
}

/**
 * Gives `role` read and write on every table and sequence of the schema, except: no TRUNCATE,
 * REFERENCES or TRIGGER anywhere; only SELECT and INSERT on append-only tables and on the record of
 * applied migrations (the demo seed marks itself there; nothing may rewrite or remove a record). Run by
 * the owner of the tables. Default privileges cover a table the owner creates outside this step until
 * the step runs again.
 */
export async function grantRuntimeRole(owner: Queryable, role: string): Promise<void> {
  const grantee = quoteIdentifier(role);
  await owner.query(`grant usage on schema public to ${grantee}`);
  await owner.query(`grant select, insert, update, delete on all tables in schema public to ${grantee}`);
  await owner.query(`revoke truncate, references, trigger on all tables in schema public from ${grantee}`);
  await owner.query(`grant usage, select on all sequences in schema public to ${grantee}`);
  await owner.query(`alter default privileges in schema public grant select, insert, update, delete on tables to ${grantee}`);
  await owner.query(`alter default privileges in schema public grant usage, select on sequences to ${grantee}`);
  await owner.query(`revoke update, delete on schema_migrations from ${grantee}`);
  for (const table of await findAppendOnlyTables(owner))
    await owner.query(`revoke update, delete on ${quoteIdentifier(table)} from ${grantee}`);
}
