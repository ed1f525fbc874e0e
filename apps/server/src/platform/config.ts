import path from 'node:path';

// Every setting comes from the environment, is parsed once at start, and is passed down explicitly.

export type CodeDeliveryProvider = 'outbox' | 'smtp' | 'sms-http';

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  downloadDir: string;
  /** Secret for hashing one-time codes; random per process when unset (codes then do not survive a restart). */
  codeSecret: string;
  registration: { isOpen: boolean; isInvitationCodeRequired: boolean };
  sessionTtlMs: number;
  argon2: { memoryCostKib: number; timeCost: number };
  codeDelivery: {
    emailProvider: CodeDeliveryProvider;
    smsProvider: CodeDeliveryProvider;
    smtp: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
    smsHttp: { url: string; authHeader?: string };
  };
  isDemoSeeded: boolean;
  bodyLimitBytes: number;
  lottery: {
    /** Rounds per hash chain; a new chain is generated and committed when one is used up. */
    chainLength: number;
    maxBetPaise: bigint;
    /** Whether this process competes to run the game clock (tests drive the clock themselves). */
    isClockEnabled: boolean;
    clockIntervalMs: number;
  };
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

function provider(name: string, value: string | undefined, fallback: CodeDeliveryProvider): CodeDeliveryProvider {
  const chosen = value || fallback;
  if (chosen !== 'outbox' && chosen !== 'smtp' && chosen !== 'sms-http') {
    throw new Error(`${name} must be outbox, smtp or sms-http, got "${chosen}"`);
  }
  return chosen;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const isProduction = nodeEnv === 'production';
  const codeSecret = env.CODE_SECRET ?? '';
  if (isProduction && codeSecret.length < 32) throw new Error('CODE_SECRET (at least 32 characters) is required in production');
  return {
    env: nodeEnv,
    isProduction,
    port: integer('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist')),
    downloadDir: path.resolve(env.DOWNLOAD_DIR || path.join(repoRoot, 'downloads')),
    codeSecret: codeSecret || crypto.randomUUID() + crypto.randomUUID(),
    registration: {
      isOpen: flag(env.REGISTRATION_OPEN, true),
      isInvitationCodeRequired: flag(env.INVITATION_CODE_REQUIRED, false),
    },
    sessionTtlMs: integer('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 24 * 30) * 3_600_000,
    argon2: {
      memoryCostKib: Math.max(19_456, integer('ARGON2_MEMORY_KIB', env.ARGON2_MEMORY_KIB, 19_456)),
      timeCost: Math.max(2, integer('ARGON2_TIME_COST', env.ARGON2_TIME_COST, 2)),
    },
    codeDelivery: {
      emailProvider: provider('EMAIL_PROVIDER', env.EMAIL_PROVIDER, 'outbox'),
      smsProvider: provider('SMS_PROVIDER', env.SMS_PROVIDER, 'outbox'),
      smtp: {
        host: env.SMTP_HOST || '127.0.0.1',
        port: integer('SMTP_PORT', env.SMTP_PORT, 587),
        secure: flag(env.SMTP_SECURE, false),
        user: env.SMTP_USER || undefined,
        password: env.SMTP_PASSWORD || undefined,
        from: env.SMTP_FROM || 'Mayur <no-reply@mayur.local>',
      },
      smsHttp: { url: env.SMS_HTTP_URL || '', authHeader: env.SMS_HTTP_AUTH || undefined },
    },
    isDemoSeeded: flag(env.SEED_DEMO, !isProduction),
    bodyLimitBytes: 16 * 1024,
    lottery: {
      chainLength: Math.max(10, integer('LOTTERY_CHAIN_LENGTH', env.LOTTERY_CHAIN_LENGTH, 10_000)),
      maxBetPaise: BigInt(integer('LOTTERY_MAX_BET_RUPEES', env.LOTTERY_MAX_BET_RUPEES, 100_000)) * 100n,
      isClockEnabled: flag(env.GAME_CLOCK, nodeEnv !== 'test'),
      clockIntervalMs: Math.max(50, integer('GAME_CLOCK_INTERVAL_MS', env.GAME_CLOCK_INTERVAL_MS, 250)),
    },
  };
}
