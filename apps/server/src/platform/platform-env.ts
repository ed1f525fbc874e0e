import { isIP } from 'node:net';
import { z } from 'zod';
import {
  commaList,
  flag,
  folder,
  optionalText,
  refuse,
  refuseSentence,
  textOr,
  wholeNumber,
  type Deployment,
  type NodeEnvironment,
} from './env-fields.ts';

// The platform's own settings: where the server listens and what it stores in, whom it believes in
// front of it, how it logs and names itself, and how a node batches its writes.

export type PlatformSettings = {
  env: NodeEnvironment;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The role that owns the tables (MIGRATION_DATABASE_URL): used only to apply migrations and grant the
   * DATABASE_URL role what the server needs, so the server itself never runs as the owner.
   */
  migrationDatabaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  downloadDir: string;
  /** Secret for hashing one-time codes; random per process when unset (codes then do not survive a restart). */
  codeSecret: string;
  isDemoSeeded: boolean;
  bodyLimitBytes: number;
  /** Whose X-Forwarded-For entries to believe: no proxy, the nearest N hops, or these proxy addresses. */
  trustProxy: TrustProxy;
  /** Names this deployment's keys in a shared Redis (socket channels, rate-limit counters). */
  deploymentName: string;
  /** `/metrics` needs this bearer token when set; without one it is served only outside production. */
  metricsToken: string | undefined;
  /** Whether `/api/docs` is served (by default only outside production). */
  isApiDocsServed: boolean;
  /**
   * Group commit (decision 0015) of crash bets, cash-outs and cancels, lottery bets and the ledger's
   * single transfers.
   */
  groupCommit: {
    /** How long a node gathers requests before it applies them in one transaction. */
    windowMs: number;
    /** At most this many requests per transaction; a full batch goes at once. */
    limit: number;
  };
};

export type TrustProxy = false | number | string[];

/** Where the server listens; the payments module reads it too, for its default public address. */
export const portField = wholeNumber(8080);

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** The first entry that is neither an address, a CIDR nor one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function unknownProxy(entries: string[]): string | undefined {
  return entries.find((entry) => {
    const [address = '', bits] = entry.split('/');
    return !PROXY_NAMES.includes(entry) && !(isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
  });
}

/** A comma-separated list of proxy addresses, CIDRs or proxy-addr's names. */
export function proxyAddresses(expected: string) {
  return commaList.transform((entries, ctx) => {
    const unknown = unknownProxy(entries);
    return unknown === undefined ? entries : refuse(ctx, `must be ${expected}, got "${unknown}"`);
  });
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy; a number N trusts the nearest N proxies (the client is
 * the last address they did not add); otherwise a comma-separated list of proxy addresses or CIDRs.
 * `true` is refused: it would believe the first X-Forwarded-For entry, which the client writes itself.
 * The back office's gate reads it too.
 */
export const trustProxyField = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || value === '' || value.toLowerCase() === 'false') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
    if (['true', 'yes', 'on'].includes(value.toLowerCase()))
      return refuseSentence(
        ctx,
        'TRUST_PROXY=true would trust the client-written first X-Forwarded-For entry: set the number of proxies in front of the server (e.g. 1) or their addresses',
      );
    const entries = value.split(',').map((entry) => entry.trim());
    const unknown = unknownProxy(entries);
    if (unknown !== undefined)
      return refuse(ctx, `must be a number of proxies or a list of proxy addresses/CIDRs, got "${unknown}"`);
    return entries;
  });

/**
 * CODE_SECRET: required in production; elsewhere random per reading when unset (codes then do not
 * survive a restart). The payments module keys the sandbox gateway's signatures with it.
 */
export function codeSecretField({ isProduction }: Deployment) {
  return textOr('').transform((secret, ctx) => {
    if (isProduction && secret.length < 32)
      return refuseSentence(ctx, 'CODE_SECRET (at least 32 characters) is required in production');
    return secret || crypto.randomUUID() + crypto.randomUUID();
  });
}

const deploymentName = textOr('mayur').transform((name, ctx) =>
  /^[a-z0-9][a-z0-9_-]{0,39}$/i.test(name) ? name : refuse(ctx, `must be 1 to 40 letters, digits, - or _, got "${name}"`),
);

export function platformEnv({ env: nodeEnv, isProduction }: Deployment) {
  return z
    .object({
      PORT: portField,
      HOST: textOr('0.0.0.0'),
      DATA_DIR: folder('data'),
      DATABASE_URL: optionalText,
      MIGRATION_DATABASE_URL: optionalText,
      REDIS_URL: optionalText,
      LOG_LEVEL: textOr(nodeEnv === 'test' ? 'silent' : 'info'),
      WEB_DIST_DIR: folder('apps/web/dist'),
      DOWNLOAD_DIR: folder('downloads'),
      CODE_SECRET: codeSecretField({ env: nodeEnv, isProduction }),
      // The demo account's password is public: never in production.
      SEED_DEMO: flag(!isProduction).transform((isSeeded, ctx) =>
        isProduction && isSeeded
          ? refuseSentence(ctx, 'SEED_DEMO is not allowed in production (the demo password is public)')
          : isSeeded,
      ),
      TRUST_PROXY: trustProxyField,
      DEPLOYMENT_NAME: deploymentName,
      METRICS_TOKEN: optionalText.transform((token, ctx) =>
        token !== undefined && token.length < 24 ? refuseSentence(ctx, 'METRICS_TOKEN must be at least 24 characters') : token,
      ),
      API_DOCS: flag(!isProduction),
      GROUP_COMMIT_WINDOW_MS: wholeNumber(0, { atMost: 100 }),
      GROUP_COMMIT_LIMIT: wholeNumber(500, { atLeast: 1 }),
    })
    .transform((fields, ctx): PlatformSettings => {
      if (fields.MIGRATION_DATABASE_URL && !fields.DATABASE_URL)
        refuseSentence(
          ctx,
          'MIGRATION_DATABASE_URL needs DATABASE_URL (the role the server runs as): the embedded database has one role',
        );
      return {
        env: nodeEnv,
        isProduction,
        port: fields.PORT,
        host: fields.HOST,
        dataDir: fields.DATA_DIR,
        databaseUrl: fields.DATABASE_URL,
        migrationDatabaseUrl: fields.MIGRATION_DATABASE_URL,
        redisUrl: fields.REDIS_URL,
        logLevel: fields.LOG_LEVEL,
        webDistDir: fields.WEB_DIST_DIR,
        downloadDir: fields.DOWNLOAD_DIR,
        codeSecret: fields.CODE_SECRET,
        isDemoSeeded: fields.SEED_DEMO,
        bodyLimitBytes: 16 * 1024,
        trustProxy: fields.TRUST_PROXY,
        deploymentName: fields.DEPLOYMENT_NAME,
        metricsToken: fields.METRICS_TOKEN,
        isApiDocsServed: fields.API_DOCS,
        groupCommit: { windowMs: fields.GROUP_COMMIT_WINDOW_MS, limit: fields.GROUP_COMMIT_LIMIT },
      };
    });
}
