import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log: Logger): Promise<Db> {
  if (!config.databaseUrl) return openPglite(config.dataDir);
  return openPostgres(config.databaseUrl, 20, log);
}
