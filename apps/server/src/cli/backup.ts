import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.ts';
import { redactUrl } from '../platform/config-summary.ts';
import { openDb } from '../platform/db/open-db.ts';
import { isProcessAlive, readEmbeddedHandle } from '../platform/embedded-handle.ts';
import { checkLedger, formatLedgerReport } from '../modules/wallet/check-ledger.ts';
import type { CommandArgs, CommandResult } from '../modules/operator-cli/operator-commands.ts';

// `npm run admin -- backup` / `restore` (docs/operations/backup.md, decision 0027).
//
// PostgreSQL (DATABASE_URL): pg_dump's custom format, one consistent snapshot taken while the nodes
// keep serving; restored with pg_restore in one transaction into an empty database. The embedded
// database (DATA_DIR): a copy of its folder, taken only while no server holds it (a folder copied
// under a running database could be torn). Both restores end with the ledger check.

export const BACKUP_COMMANDS = ['backup', 'restore'] as const;

export const BACKUP_USAGE = [
  'backup  [--out <file or folder>]      PostgreSQL: pg_dump custom format (default ./backups/mayur-<UTC time>.dump);',
  '                                      embedded: a copy of DATA_DIR (default ./backups/mayur-embedded-<UTC time>/), server stopped',
  'restore --from <backup> [--replace]   (--replace last) into DATABASE_URL (must be empty) or DATA_DIR (must be absent or empty;',
  '                                      --replace moves an existing folder aside), then runs the ledger check',
];

export function isBackupCommand(name: string): name is (typeof BACKUP_COMMANDS)[number] {
  return (BACKUP_COMMANDS as readonly string[]).includes(name);
}

const MANIFEST = 'mayur-backup.json';

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function fail(...lines: string[]): CommandResult {
  return { isOk: false, lines };
}

/** libpq settings for pg_dump / pg_restore: the password goes in the environment, never on a command line. */
function libpq(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): { isOk: boolean; output: string } {
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) return { isOk: false, output: `${command}: ${result.error.message} (install postgresql-client)` };
  return { isOk: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function embeddedIsInUse(dataDir: string): boolean {
  const handle = readEmbeddedHandle(dataDir);
  return Boolean(handle && isProcessAlive(handle.pid));
}

/** The newest migration this code knows, recorded in an embedded backup's manifest. */
function latestMigration(): string | undefined {
  const migrations = path.join(import.meta.dirname, '../platform/db/migrations');
  if (!fs.existsSync(migrations)) return undefined;
  return fs.readdirSync(migrations).sort().at(-1);
}

async function backup(config: Config, args: CommandArgs, now: Date): Promise<CommandResult> {
  const backupsDir = path.resolve('backups');
  if (config.databaseUrl) {
    const out = path.resolve(args.out ?? path.join(backupsDir, `mayur-${stamp(now)}.dump`));
    if (fs.existsSync(out)) return fail(`${out} already exists: choose another --out`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const partial = `${out}.partial`;
    const { dbname, env } = libpq(config.databaseUrl);
    // One snapshot of the whole database (pg_dump's repeatable-read transaction): the ledger is consistent in it.
    const dumped = run('pg_dump', ['--format=custom', '--compress=6', `--file=${partial}`, `--dbname=${dbname}`], env);
    if (!dumped.isOk) {
      fs.rmSync(partial, { force: true });
      return fail(`pg_dump failed: ${dumped.output}`);
    }
    const listed = run('pg_restore', ['--list', partial], env);
    if (!listed.isOk || !/TABLE DATA public ledger_accounts/.test(listed.output)) {
      fs.rmSync(partial, { force: true });
      return fail(`the dump could not be read back (pg_restore --list): ${listed.output.slice(0, 500)}`);
    }
    fs.renameSync(partial, out);
    return {
      isOk: true,
      lines: [
        `backed up ${redactUrl(config.databaseUrl)} (pg_dump custom format, ${fs.statSync(out).size} bytes)`,
        `restore: DATABASE_URL=<empty database> npm run admin -- restore --from ${out}`,
        out,
      ],
    };
  }

  const dataDir = config.dataDir;
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return fail(`${dataDir} holds no embedded database`);
  if (embeddedIsInUse(dataDir))
    return fail(
      `a running server holds ${dataDir}: stop it (Ctrl+C or SIGTERM) and run the backup again`,
      'a folder copied under a running database could be torn; production runs on PostgreSQL, whose backups need no stop',
    );
  const out = path.resolve(args.out ?? path.join(backupsDir, `mayur-embedded-${stamp(now)}`));
  if (fs.existsSync(out)) return fail(`${out} already exists: choose another --out`);
  if (out === dataDir || out.startsWith(`${dataDir}${path.sep}`)) return fail('--out must be outside DATA_DIR');
  const partial = `${out}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(dataDir, path.join(partial, 'data'), {
    recursive: true,
    filter: (source) => path.basename(source) !== 'server.json',
  });
  fs.writeFileSync(
    path.join(partial, MANIFEST),
    JSON.stringify({ kind: 'embedded', takenAt: now.toISOString(), from: dataDir, latestMigration: latestMigration() }, null, 2),
  );
  fs.renameSync(partial, out);
  return {
    isOk: true,
    lines: [
      `backed up the embedded database ${dataDir}`,
      `restore: DATA_DIR=<new folder> npm run admin -- restore --from ${out}`,
      out,
    ],
  };
}

async function ledgerLines(config: Config, log: Logger): Promise<{ isOk: boolean; lines: string[] }> {
  const db = await openDb(config, log);
  try {
    const report = await checkLedger(db);
    return { isOk: report.violations.length === 0, lines: formatLedgerReport(report) };
  } finally {
    await db.close();
  }
}

async function restore(config: Config, args: CommandArgs, now: Date, log: Logger): Promise<CommandResult> {
  if (!args.from) return fail('restore needs --from <backup file or folder>');
  const from = path.resolve(args.from);
  if (!fs.existsSync(from)) return fail(`${from} does not exist`);
  // `--replace` takes no value: given last it parses as present-but-empty, `--replace=yes` also works.
  const isReplacing = 'replace' in args && args.replace !== 'no';

  if (config.databaseUrl) {
    if (fs.statSync(from).isDirectory()) return fail(`${from} is an embedded backup: restore it with DATA_DIR, not DATABASE_URL`);
    const db = await openDb(config, log);
    let tables: number;
    try {
      const [row] = await db.query<{ tables: bigint }>(`select count(*) as tables from pg_tables where schemaname = 'public'`);
      tables = Number(row?.tables ?? 0n);
    } finally {
      await db.close();
    }
    if (tables > 0 && !isReplacing)
      return fail(
        `${redactUrl(config.databaseUrl)} is not empty (${tables} tables): restore into a new database (createdb), or add --replace to drop and recreate what the backup holds`,
      );
    const { dbname, env } = libpq(config.databaseUrl);
    const restored = run(
      'pg_restore',
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        ...(isReplacing ? ['--clean', '--if-exists'] : []),
        `--dbname=${dbname}`,
        from,
      ],
      env,
    );
    if (!restored.isOk) return fail(`pg_restore failed, nothing was changed (one transaction): ${restored.output}`);
  } else {
    if (!fs.existsSync(path.join(from, MANIFEST)) || !fs.existsSync(path.join(from, 'data', 'PG_VERSION')))
      return fail(`${from} is not an embedded backup (no ${MANIFEST} and data/PG_VERSION); a .dump restores with DATABASE_URL`);
    const dataDir = config.dataDir;
    if (embeddedIsInUse(dataDir)) return fail(`a running server holds ${dataDir}: stop it first`);
    const hasContent = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
    let movedAside: string | undefined;
    if (hasContent) {
      if (!isReplacing) return fail(`${dataDir} is not empty: choose a new DATA_DIR, or add --replace to move it aside`);
      movedAside = `${dataDir}.before-restore-${stamp(now)}`;
      fs.renameSync(dataDir, movedAside);
    }
    const partial = `${dataDir}.restoring`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(path.join(from, 'data'), partial, { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.renameSync(partial, dataDir);
    if (movedAside) log.warn({ movedAside }, 'the previous data folder was kept');
  }

  const checked = await ledgerLines(config, log);
  const target = config.databaseUrl ? redactUrl(config.databaseUrl) : config.dataDir;
  return {
    isOk: checked.isOk,
    lines: [
      `restored ${from} into ${target}`,
      ...checked.lines,
      checked.isOk ? 'ledger check: clean' : 'ledger check FAILED on the restored data',
    ],
  };
}

export async function runBackupCommand(
  config: Config,
  name: (typeof BACKUP_COMMANDS)[number],
  args: CommandArgs,
  log: Logger,
  now = new Date(),
): Promise<CommandResult> {
  return name === 'backup' ? backup(config, args, now) : restore(config, args, now, log);
}
