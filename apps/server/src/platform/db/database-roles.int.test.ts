import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../../test/scratch-database.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { operator } from '../../../test/payments.ts';
import type { Db } from './db.ts';
import { findPendingMigrations, migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { findAppendOnlyTables } from './runtime-role.ts';

// What the database itself refuses (decision 0032): append-only tables cannot be emptied by TRUNCATE,
// whatever the role; and on PostgreSQL the server can run as a role that owns nothing, so that even a
// statement of its own choosing cannot truncate, alter, disable the triggers of, drop or rewrite them.

const APPEND_ONLY = ['admin_audit_log', 'agent_programme_settings', 'ledger_entries', 'ledger_transfers'];
/** A column of each, for an UPDATE that would change nothing but is refused all the same. */
const SOME_COLUMN: Record<string, string> = {
  admin_audit_log: 'actor',
  agent_programme_settings: 'effective_from',
  ledger_entries: 'amount_paise',
  ledger_transfers: 'reason',
};

/** An operator command, audited like every other: the ledger check, which moves nothing. */
async function checkLedgerAsOperator(server: TestServer) {
  return operator(server, 'ledger:check', {}, 'roles-test');
}

async function countOf(db: Pick<Db, 'query'>, table: string): Promise<bigint> {
  const [row] = await db.query<{ count: bigint }>(`select count(*)::bigint as count from ${table}`);
  return row!.count;
}

describe('append-only tables', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.stop());

  it('are marked by their truncate guard: the audit log, both ledger tables and the agent programme versions', async () => {
    expect(await findAppendOnlyTables(server.ctx.db)).toEqual(APPEND_ONLY);
  });

  it('refuse TRUNCATE, with CASCADE too, and keep every row', async () => {
    await quickPlayer(server, { cashPaise: 10_000n });
    expect((await checkLedgerAsOperator(server)).isOk).toBe(true);
    for (const table of APPEND_ONLY) {
      const before = await countOf(server.ctx.db, table);
      await expect(server.ctx.db.query(`truncate ${table} cascade`), table).rejects.toThrow(
        `append-only table: TRUNCATE is refused on ${table}`,
      );
      expect(await countOf(server.ctx.db, table), table).toBe(before);
    }
    expect(await countOf(server.ctx.db, 'admin_audit_log')).toBeGreaterThan(0n);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the server on a role that owns no table (PostgreSQL)', () => {
  const role = `mayur_runtime_${randomBytes(5).toString('hex')}`;
  let scratch: ScratchDatabase;
  let runtimeUrl: string;
  let runtimeDb: Db;
  let server: TestServer;
  let runtime: pg.Client;

  beforeAll(async () => {
    const owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await owner.connect();
    await owner.query(`create role ${role} login`);
    await owner.end();
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'mayur_roles');
    const url = new URL(scratch.url);
    url.username = role;
    url.password = '';
    runtimeUrl = url.toString();
    runtimeDb = await openPostgres(runtimeUrl, 4);
    // The demo seed too: development may run with two roles.
    server = await startTestServer(
      { DATABASE_URL: runtimeUrl, MIGRATION_DATABASE_URL: scratch.url, SEED_DEMO: 'true' },
      { db: runtimeDb },
    );
    runtime = new pg.Client({ connectionString: runtimeUrl });
    await runtime.connect();
  });
  afterAll(async () => {
    await runtime?.end();
    await server?.stop();
    await runtimeDb?.close();
    await scratch?.drop();
    const owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await owner.connect();
    await owner.query(`drop role if exists ${role}`);
    await owner.end();
  });

  it('does its work as that role: the demo seed, a session, a transfer and an audited operator command', async () => {
    expect((await runtime.query<{ role: string }>('select current_user as role')).rows[0]!.role).toBe(role);
    const player = await server.registerMobile('9811100001');
    expect((await server.call('/user/findUserInfo', {}, { token: player.token })).body.res).toBe(1);
    const transfersBefore = await countOf(runtimeDb, 'ledger_transfers');
    await quickPlayer(server, { cashPaise: 50_000n });
    expect(await countOf(runtimeDb, 'ledger_transfers')).toBe(transfersBefore + 1n);
    const auditBefore = await countOf(runtimeDb, 'admin_audit_log');
    expect((await checkLedgerAsOperator(server)).isOk).toBe(true);
    expect(await countOf(runtimeDb, 'admin_audit_log')).toBe(auditBefore + 1n);
  });

  it('cannot truncate, alter, disable the triggers of, drop or rewrite the append-only tables', async () => {
    for (const table of APPEND_ONLY) {
      await expect(runtime.query(`truncate ${table}`), table).rejects.toThrow(`permission denied for table ${table}`);
      await expect(runtime.query(`alter table ${table} disable trigger all`), table).rejects.toThrow(
        `must be owner of table ${table}`,
      );
      await expect(runtime.query(`alter table ${table} add column note text`), table).rejects.toThrow(
        `must be owner of table ${table}`,
      );
      await expect(runtime.query(`drop table ${table} cascade`), table).rejects.toThrow(`must be owner of table ${table}`);
      await expect(runtime.query(`update ${table} set ${SOME_COLUMN[table]} = ${SOME_COLUMN[table]}`), table).rejects.toThrow(
        `permission denied for table ${table}`,
      );
      await expect(runtime.query(`delete from ${table}`), table).rejects.toThrow(`permission denied for table ${table}`);
    }
    // Nor can it truncate any other table, create one, or rewrite the record of applied migrations.
    await expect(runtime.query('truncate sessions')).rejects.toThrow('permission denied for table sessions');
    await expect(runtime.query('create table evil (id int)')).rejects.toThrow('permission denied for schema public');
    await expect(
      runtime.query("delete from schema_migrations where version = '0030_truncate_guards_and_play_sessions.sql'"),
    ).rejects.toThrow('permission denied for table schema_migrations');
    expect(await countOf(runtimeDb, 'admin_audit_log')).toBeGreaterThan(0n);
  });

  it('starts a node on the migrated database without the owner, and names the owner’s step when a migration is pending', async () => {
    expect(await findPendingMigrations(runtimeDb)).toEqual([]);
    expect(await migrate(runtimeDb)).toEqual([]);
    await runtime.query("select 1 from schema_migrations where version = '0001_accounts.sql'");
    const owner = new pg.Client({ connectionString: scratch.url });
    await owner.connect();
    try {
      await owner.query("delete from schema_migrations where version = '0027_sessions_revoked_index.sql'");
      await owner.query('drop index sessions_revoked_at_idx');
      await expect(migrate(runtimeDb)).rejects.toThrow(
        /0027_sessions_revoked_index.sql\) and this role may not apply them .*MIGRATION_DATABASE_URL/,
      );
      const second = await startTestServer({ DATABASE_URL: runtimeUrl, MIGRATION_DATABASE_URL: scratch.url }, { db: runtimeDb });
      await second.stop();
      expect(await findPendingMigrations(runtimeDb)).toEqual([]);
    } finally {
      await owner.end();
    }
  });
});
