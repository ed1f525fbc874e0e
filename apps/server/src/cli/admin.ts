import os from 'node:os';
import pino from 'pino';
import { migrateFor } from '../platform/db/migrate.ts';
import { openDb } from '../platform/db/open-db.ts';
import { loadConfig } from '../platform/config.ts';
import { isProcessAlive, readEmbeddedHandle } from '../platform/embedded-handle.ts';
import { systemClock } from '../platform/clock.ts';
import { inviteBonusSettings } from '../modules/agent/pay-invite-bonus.ts';
import { approvalRulesOf } from '../modules/approvals/approval-rules.ts';
import { createGateway } from '../modules/payments/gateways/create-gateway.ts';
import { createPasswordHasher } from '../modules/auth/passwords.ts';
import {
  commandUsage,
  isKnownCommand,
  runOperatorCommand,
  type CommandArgs,
  type CommandResult,
} from '../modules/operator-cli/operator-commands.ts';
import { isProviderCommand, providerCommandUsage, runProviderCommand } from '../modules/providers/provider-commands.ts';
import { BACKUP_USAGE, isBackupCommand, runBackupCommand } from './backup.ts';
import { DB_MIGRATE_COMMAND, DB_MIGRATE_USAGE, runDbMigrate } from './db-migrate.ts';

// `npm run admin -- <command> --option value ...` against the configured database. With DATABASE_URL
// it connects to PostgreSQL. On the embedded default it opens ./data (DATA_DIR) itself, unless a
// running server holds it: then the command is handed to that server (DATA_DIR/server.json tells
// where it listens and the secret it accepts).

function parseArgs(argv: string[]): { name: string | undefined; args: CommandArgs } {
  const [name, ...rest] = argv;
  const args: CommandArgs = {};
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (!token.startsWith('--')) throw new Error(`unexpected "${token}": options look like --name value`);
    const eq = token.indexOf('=');
    if (eq > 0) args[token.slice(2, eq)] = token.slice(eq + 1);
    else args[token.slice(2)] = rest[++i];
  }
  return { name, args };
}

async function viaRunningServer(
  port: number,
  adminToken: string,
  name: string,
  args: CommandArgs,
  actor: string,
): Promise<CommandResult> {
  const response = await fetch(`http://127.0.0.1:${port}/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
    body: JSON.stringify({ command: name, args, actor }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`the running server refused the command (HTTP ${response.status})`);
  return (await response.json()) as CommandResult;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${commandUsage().join('\n')}\n`);
    return 2;
  }
  const { name, args } = parsed;
  if (name && isBackupCommand(name)) {
    // Backups work on the database's files and tools (pg_dump, the data folder), never through a running server.
    const backupResult = await runBackupCommand(loadConfig(), name, args, pino({ level: 'warn' }));
    (backupResult.isOk ? process.stdout : process.stderr).write(backupResult.lines.join('\n') + '\n');
    return backupResult.isOk ? 0 : 1;
  }
  if (name === DB_MIGRATE_COMMAND) {
    const migrated = await runDbMigrate(loadConfig(), pino({ level: 'warn' }));
    (migrated.isOk ? process.stdout : process.stderr).write(migrated.lines.join('\n') + '\n');
    return migrated.isOk ? 0 : 1;
  }
  // Third-party game providers: the catalogue and reconciliation, with the providers' settings.
  if (name && isProviderCommand(name)) return runProviderCli(name, args);
  if (!name || !isKnownCommand(name)) {
    process.stderr.write(
      `${name ? `unknown command "${name}"\n` : ''}${[...commandUsage(), ...BACKUP_USAGE, ...DB_MIGRATE_USAGE, ...providerCommandUsage()].join('\n')}\n`,
    );
    return 2;
  }
  const config = loadConfig();
  const actor = process.env.ADMIN_ACTOR || `${os.userInfo().username}@${os.hostname()}`;
  const log = pino({ level: 'warn' });
  let result: CommandResult;

  const handle = config.databaseUrl ? null : readEmbeddedHandle(config.dataDir);
  if (handle && isProcessAlive(handle.pid)) {
    result = await viaRunningServer(handle.port, handle.adminToken, name, args, actor);
  } else {
    const db = await openDb(config, log);
    try {
      await migrateFor(config, db);
      const gateway = createGateway(config.payments, systemClock);
      result = await runOperatorCommand(
        {
          db,
          clock: systemClock,
          log,
          gateway,
          inviteBonus: inviteBonusSettings(config),
          actor,
          hasher: createPasswordHasher(config.argon2),
          approvalRules: approvalRulesOf(config.admin),
        },
        name,
        args,
      );
    } finally {
      await db.close();
    }
  }
  const stream = result.isOk ? process.stdout : process.stderr;
  stream.write(result.lines.join('\n') + '\n');
  return result.isOk ? 0 : 1;
}

async function runProviderCli(name: string, args: CommandArgs): Promise<number> {
  const config = loadConfig();
  const actor = process.env.ADMIN_ACTOR || `${os.userInfo().username}@${os.hostname()}`;
  const handle = config.databaseUrl ? null : readEmbeddedHandle(config.dataDir);
  let result: CommandResult;
  if (handle && isProcessAlive(handle.pid)) {
    const response = await fetch(`http://127.0.0.1:${handle.port}/internal/provider-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': handle.adminToken },
      body: JSON.stringify({ command: name, args, actor }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!response.ok) throw new Error(`the running server refused the command (HTTP ${response.status})`);
    result = (await response.json()) as CommandResult;
  } else {
    const db = await openDb(config, pino({ level: 'warn' }));
    try {
      await migrateFor(config, db);
      result = await runProviderCommand(
        { db, clock: systemClock, log: pino({ level: 'warn' }), providers: config.providers, actor },
        name,
        args,
      );
    } finally {
      await db.close();
    }
  }
  (result.isOk ? process.stdout : process.stderr).write(result.lines.join('\n') + '\n');
  return result.isOk ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
