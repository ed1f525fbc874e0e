import type { Logger } from 'pino';
import type { Config } from '../platform/config.ts';
import { redactUrl } from '../platform/config-summary.ts';
import { migrate, migrateAsOwner } from '../platform/db/migrate.ts';
import { openPostgres } from '../platform/db/postgres.ts';
import type { CommandResult } from '../modules/operator-cli/operator-commands.ts';

// `npm run admin -- db:migrate` (decision 0032): applies the migrations before the nodes start, so that
// the nodes can run with a role that owns nothing and never hold the owner's password. With
// MIGRATION_DATABASE_URL it migrates as that role and grants the DATABASE_URL role its privileges;
// without, it migrates as DATABASE_URL's role (one role for both, as a node does at start).

export const DB_MIGRATE_COMMAND = 'db:migrate';

export const DB_MIGRATE_USAGE = [
  'db:migrate                            PostgreSQL: apply pending migrations as MIGRATION_DATABASE_URL (else DATABASE_URL)',
  '                                      and grant the DATABASE_URL role what the server needs',
];

export async function runDbMigrate(config: Config, log: Logger): Promise<CommandResult> {
  if (!config.databaseUrl)
    return { isOk: false, lines: ['db:migrate needs DATABASE_URL: the embedded database is migrated by the server at start'] };
  const db = await openPostgres(config.databaseUrl, 1, log);
  try {
    const applied = config.migrationDatabaseUrl ? await migrateAsOwner(config.migrationDatabaseUrl, db, log) : await migrate(db);
    const [runtime] = await db.query<{ role: string }>('select current_user as role');
    return {
      isOk: true,
      lines: [
        applied.length === 0 ? 'no migration was pending' : `applied ${applied.join(', ')}`,
        config.migrationDatabaseUrl
          ? `as ${redactUrl(config.migrationDatabaseUrl)}; the server's role "${runtime!.role}" has its privileges`
          : `as the server's own role "${runtime!.role}" (no MIGRATION_DATABASE_URL)`,
      ],
    };
  } finally {
    await db.close();
  }
}
