import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { buildServer, type Overrides, type Server } from '../src/app.ts';
import { manualClock } from '../src/platform/clock.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { openPglite } from '../src/platform/db/pglite.ts';
import { openPostgres } from '../src/platform/db/postgres.ts';
import type { Db } from '../src/platform/db/db.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { redisRateLimiter } from '../src/platform/rate-limit/redis-rate-limiter.ts';
import { memoryRateLimiter } from '../src/platform/rate-limit/rate-limiter.ts';

// Integration tests run the real server against a real database: an in-memory PGlite by default, or
// a fresh database on the PostgreSQL of DATABASE_URL (dropped afterwards), and Redis when REDIS_URL is set.

export type Reply = { status: number; body: any; headers: Record<string, unknown> };

export type TestServer = Server & {
  clock: ReturnType<typeof manualClock>;
  call(path: string, body?: unknown, options?: { token?: string; ip?: string; form?: boolean }): Promise<Reply>;
  outbox(): Promise<Array<{ to: string; channel: string; code: string; text: string; sentAt: string }>>;
  lastCode(to: string): Promise<string>;
  /** Registers a player by mobile and returns the session. */
  registerMobile(mobile: string, password?: string, extra?: Record<string, unknown>): Promise<{ token: string; user: any }>;
  stop(): Promise<void>;
};

async function freshPostgres(baseUrl: string): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const scratch = await createScratchDatabase(baseUrl, 'mayur_test');
  const db = await openPostgres(scratch.url, 10);
  return {
    db,
    url: scratch.url,
    async drop() {
      await db.close();
      await scratch.drop();
    },
  };
}

export async function startTestServer(env: Record<string, string> = {}, overrides: Overrides = {}): Promise<TestServer> {
  // A database handed in (a second node, a restart) is used as it is; otherwise a fresh one is made.
  const postgres = process.env.DATABASE_URL && !overrides.db ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  const databaseUrl = env.DATABASE_URL ?? postgres?.url;
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    DATA_DIR: 'memory://',
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = overrides.db ?? postgres?.db ?? (await openPglite('memory://'));
  const limiter =
    overrides.limiter ??
    (process.env.REDIS_URL
      ? await redisRateLimiter(process.env.REDIS_URL, `mayur:test:${randomBytes(6).toString('hex')}:`)
      : memoryRateLimiter());
  const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
  const server = await buildServer(config, {
    clock,
    ...overrides,
    db,
    limiter,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });

  const call: TestServer['call'] = async (path, body = {}, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = options.token;
    const payload = options.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
    headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const response = await server.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers,
      payload,
      remoteAddress: options.ip ?? '127.0.0.1',
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const outbox: TestServer['outbox'] = async () => (await server.app.inject({ method: 'GET', url: '/dev/outbox' })).json();
  const lastCode = async (to: string) => {
    const message = (await outbox()).find((entry) => entry.to === to);
    if (!message) throw new Error(`no code was sent to ${to}`);
    return message.code;
  };
  const registerMobile: TestServer['registerMobile'] = async (mobile, password = 'secret-pass-1', extra = {}) => {
    const sent = await call('/smsserver/getCode', { mobile });
    if (sent.body.res !== 1) throw new Error(`getCode failed: ${JSON.stringify(sent.body)}`);
    const code = await lastCode(mobile);
    const registered = await call('/user/regist', { mobile, password, code, ageConfirmed: true, riskAccepted: true, ...extra });
    if (registered.body.res !== 1) throw new Error(`regist failed: ${JSON.stringify(registered.body)}`);
    return registered.body.obj;
  };
  return {
    ...server,
    clock,
    call,
    outbox,
    lastCode,
    registerMobile,
    async stop() {
      await server.close();
      if (postgres) await postgres.drop();
      else if (!overrides.db) await db.close();
    },
  };
}

// A server per file or per test. The object is handed
// out when the file is read and filled in by the hook that starts the server, so a test uses it like
// the server itself; the server's fields are closures and shared objects, so the copy is the server.

/** A server started before the file's tests and stopped after them. */
export function serverForFile(env: Record<string, string> = {}, overrides: Overrides = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(env, overrides));
  });
  afterAll(() => server.stop());
  return server;
}

/**
 * A fresh server for each test, its clock first moved to `startMs` when given (tests of the game
 * clock start on a known minute).
 */
export function serverForEachTest(env: Record<string, string> = {}, startMs?: number): TestServer {
  const server = {} as TestServer;
  beforeEach(async () => {
    Object.assign(server, await startTestServer(env));
    if (startMs !== undefined) server.clock.advance(startMs - server.clock.now().getTime());
  });
  afterEach(() => server.stop());
  return server;
}
