import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../../test/scratch-database.ts';
import { repositoryRoot as root, startServerProcess, waitHealthy } from '../../../test/server-process.ts';

// A dropped database connection must not kill the node: the real server process on a
// scratch PostgreSQL database, under a bounded load of bets and balance reads, while every backend of
// that database is terminated a few times. Only the scratch database's own backends are touched.

const TERMINATIONS = 5;
const TERMINATION_GAP_MS = 400;
const REFUSAL_MS = 1_500;
const WORKERS = 6;
const MAX_REQUESTS = 4_000;

type Outcome = { atMs: number; status: number; res: number | null; code: string | null; isNetworkFailure: boolean };

describe.runIf(Boolean(process.env.DATABASE_URL))('the server process when its database connections drop', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'mayur_outage');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  function startMain(port: number) {
    return startServerProcess(
      {
        NODE_ENV: 'development',
        PORT: String(port),
        DATABASE_URL: scratch.url,
        GAME_CLOCK: 'true',
        GAME_CLOCK_INTERVAL_MS: '100',
        GAME_CLOCK_RETRY_MS: '250',
      },
      ['REDIS_URL'],
    );
  }

  /** The newest moment the game clock opened or settled a crash round. */
  async function lastClockWork(): Promise<number> {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ at: Date | null }>(
        `select greatest((select max(betting_starts_at) from crash_rounds), (select max(settled_at) from crash_rounds)) as at`,
      );
      return rows[0]?.at?.getTime() ?? 0;
    } finally {
      await client.end();
    }
  }

  /** Runs one statement as the PostgreSQL superuser on the server's maintenance database, never on the scratch one. */
  async function asAdmin<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      return (await admin.query<T>(sql, params)).rows;
    } finally {
      await admin.end();
    }
  }

  async function terminateBackends(): Promise<number> {
    const rows = await asAdmin(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [scratch.name],
    );
    return rows.length;
  }

  it('stays alive, answers TRY_AGAIN meanwhile, recovers, and its game clock resumes', async () => {
    const port = 24_000 + Math.floor(Math.random() * 2_000);
    const server = startMain(port);
    let hasExited = false;
    server.child.once('exit', () => (hasExited = true));
    try {
      await waitHealthy(port);
      const credit = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/cli/admin.ts',
          'user:adjust',
          '--user',
          '9000000001',
          '--amount',
          '5000',
          '--reason',
          'outage test',
        ],
        { cwd: root, env: { ...process.env, DATABASE_URL: scratch.url, ADMIN_ACTOR: 'ci-operator' }, encoding: 'utf8' },
      );
      expect(credit.status, credit.stderr).toBe(0);

      const post = async (route: string, body: unknown, token?: string): Promise<Outcome> => {
        const atMs = Date.now();
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api${route}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(15_000),
          });
          const envelope = (await response.json().catch(() => null)) as { res?: number; code?: string; obj?: any } | null;
          return {
            atMs,
            status: response.status,
            res: envelope?.res ?? null,
            code: envelope?.code ?? null,
            isNetworkFailure: false,
          };
        } catch {
          return { atMs, status: 0, res: null, code: null, isNetworkFailure: true };
        }
      };
      const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: '9000000001', password: 'Demo@12345' }),
      });
      const loggedIn = (await login.json()) as { obj?: { token: string } };
      expect(loggedIn.obj?.token, server.output().slice(-2_000)).toEqual(expect.any(String));
      const token = loggedIn.obj!.token;
      const periodReply = await fetch(`http://127.0.0.1:${port}/api/wingo/getPeriod`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ min: 180 }),
      });
      const { period } = ((await periodReply.json()) as { obj: { period: string } }).obj;

      // The load: each worker alternates a bet (a transaction) and a balance read, until told to stop.
      const outcomes: Outcome[] = [];
      let isLoading = true;
      let betNumber = 0;
      const worker = async () => {
        while (isLoading && outcomes.length < MAX_REQUESTS) {
          betNumber += 1;
          outcomes.push(
            await post(
              '/wingo/pour',
              {
                min: 180,
                period,
                select: 'green',
                contractMoney: '1.10',
                contractCount: 1,
                agree: true,
                requestKey: `outage-${betNumber}`,
              },
              token,
            ),
          );
          outcomes.push(await post('/user/balance', {}, token));
          // As a client told to try again would, pause briefly (the server says a second; this is a test).
          if (outcomes.at(-1)?.code === 'TRY_AGAIN') await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, worker));

      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const outageStartMs = Date.now();
      // Connections end under load, a few times (pg_terminate_backend, a failover)...
      let terminated = 0;
      for (let i = 0; i < TERMINATIONS; i++) {
        terminated += await terminateBackends();
        await new Promise((resolve) => setTimeout(resolve, TERMINATION_GAP_MS));
      }
      // ...then a restart as the node sees it: every connection ends and new ones are refused a while.
      await asAdmin(`alter database ${scratch.name} allow_connections false`);
      let refusedFromMs = 0;
      let refusedUntilMs = 0;
      try {
        terminated += await terminateBackends();
        refusedFromMs = Date.now();
        await new Promise((resolve) => setTimeout(resolve, REFUSAL_MS));
        refusedUntilMs = Date.now();
      } finally {
        await asAdmin(`alter database ${scratch.name} allow_connections true`);
      }
      const outageEndMs = Date.now();

      // Recovery: the first request sent after the database is back that goes through.
      let recoveredAtMs: number | null = null;
      const recoveryDeadline = outageEndMs + 20_000;
      while (recoveredAtMs === null && Date.now() < recoveryDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const success = outcomes.find((outcome) => outcome.atMs >= outageEndMs && outcome.res === 1);
        recoveredAtMs = success ? success.atMs : null;
      }
      isLoading = false;
      await load;

      const during = outcomes.filter((outcome) => outcome.atMs >= outageStartMs && outcome.atMs < outageEndMs);
      // Sent while no connection could be opened (a margin either side for the terminations to land).
      const whileRefused = outcomes.filter(
        (outcome) => outcome.atMs >= refusedFromMs + 200 && outcome.atMs < refusedUntilMs - 200,
      );
      const tryAgain = outcomes.filter((outcome) => outcome.code === 'TRY_AGAIN');
      const codes = new Map<string, number>();
      for (const outcome of outcomes) {
        const key = `${outcome.status} ${outcome.code ?? (outcome.res === 1 ? 'ok' : 'none')}`;
        codes.set(key, (codes.get(key) ?? 0) + 1);
      }
      // The measurements, printed for whoever runs this test: what the outage cost and how fast it passed.
      process.stdout.write(
        `db outage: ${terminated} backends terminated in ${TERMINATIONS + 1} rounds, connections refused for ${REFUSAL_MS} ms; ` +
          `${outcomes.length} requests, ${during.length} during the outage (${whileRefused.length} while refused); ` +
          `${tryAgain.length} answered TRY_AGAIN; ` +
          `recovered ${recoveredAtMs === null ? 'never' : `${recoveredAtMs - outageEndMs} ms`} after connections were allowed again; ` +
          `answers: ${JSON.stringify(Object.fromEntries(codes))}\n`,
      );

      expect(hasExited, server.output().slice(-3_000)).toBe(false);
      expect(terminated).toBeGreaterThan(TERMINATIONS);
      expect(outcomes.filter((outcome) => outcome.isNetworkFailure)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.status >= 500 && outcome.code !== 'TRY_AGAIN')).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.code === 'INTERNAL')).toEqual([]);
      expect(tryAgain.length).toBeGreaterThan(0);
      for (const outcome of tryAgain) expect(outcome.status).toBe(503);
      expect(whileRefused.length).toBeGreaterThan(0);
      expect(whileRefused.filter((outcome) => outcome.code !== 'TRY_AGAIN')).toEqual([]);
      expect(recoveredAtMs).not.toBeNull();

      // The game clock resumes: the leader lost the lease with its connection, takes it again, and
      // opens and settles rounds.
      let clockWorkAtMs = await lastClockWork();
      const clockDeadline = Date.now() + 60_000;
      while (clockWorkAtMs <= outageEndMs && Date.now() < clockDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        clockWorkAtMs = await lastClockWork();
      }
      // The measurement, printed for whoever runs this test: how soon the game clock came back.
      process.stdout.write(
        `db outage: the game clock moved a round ${clockWorkAtMs - outageEndMs} ms after connections were allowed again\n`,
      );
      expect(clockWorkAtMs).toBeGreaterThan(outageEndMs);
      expect(server.output()).toContain('game clock: leadership lost');
      expect(server.output().split('game clock: this node holds the lease and leads').length - 1).toBeGreaterThan(1);
      expect(hasExited).toBe(false);
      const after = await post('/user/balance', {}, token);
      expect(after).toMatchObject({ status: 200, res: 1 });
    } finally {
      if (!hasExited) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
    }
    const checked = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'ledger:check'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: scratch.url },
      encoding: 'utf8',
    });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  }, 150_000);
});
