// What the HTTP load benchmarks share: a scratch database (PostgreSQL when DATABASE_URL is set, else
// a PGlite folder) with funded players and their sessions written before the server starts, and the
// server as a separate process on a free 127.0.0.1 port that is stopped by its pid however the run ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import type { Db } from '../../apps/server/src/platform/db/db.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { openPglite } from '../../apps/server/src/platform/db/pglite.ts';
import { openPostgres } from '../../apps/server/src/platform/db/postgres.ts';
import { hashToken } from '../../apps/server/src/platform/http/authenticate.ts';
import { MAX_EACH_TRANSFER_BATCH, postEach } from '../../apps/server/src/modules/wallet/ledger.ts';
import { isAnswering } from './load-http.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_START_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;

export type BenchDatabase = {
  label: string;
  dataDir: string;
  scratch: ScratchDatabase | null;
  open(): Promise<Db>;
  cleanup(): Promise<void>;
};

/** A PGlite folder whatever DATABASE_URL says: for benches of the embedded default (`npm start` with nothing set). */
export function createEmbeddedBenchDatabase(prefix: string): BenchDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return {
    label: 'PGlite (inside the server)',
    dataDir,
    scratch: null,
    open: () => openPglite(dataDir),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, prefix.replaceAll('-', '_'))
    : null;
  return {
    label: scratch ? `PostgreSQL (${new URL(scratch.url).host}, scratch database ${scratch.name})` : 'PGlite (inside the server)',
    dataDir,
    scratch,
    open: () => (scratch ? openPostgres(scratch.url, 4) : openPglite(dataDir)),
    async cleanup() {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` players with ₹1,000 of cash each and a session token; returns the tokens in user id order. */
export async function preparePlayers(db: Db, count: number, mobilePrefix: string): Promise<string[]> {
  await migrate(db);
  await db.query(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     select $2 || lpad(g::text, 9, '0'), 'x', 'Player' || g, 'C' || lpad(g::text, 7, '0'), now(), now() from generate_series(1, $1) g`,
    [count, mobilePrefix],
  );
  await db.query("insert into ledger_accounts (kind, user_id) select kind, id from users, (values ('cash'), ('bonus')) k(kind)");
  const [adjustments] = await db.query<{ id: number }>("select id from ledger_accounts where purpose = 'adjustments'");
  const cash = await db.query<{ id: number }>("select id from ledger_accounts where kind = 'cash' order by id");
  for (let start = 0; start < cash.length; start += MAX_EACH_TRANSFER_BATCH) {
    const funding = cash.slice(start, start + MAX_EACH_TRANSFER_BATCH).map((account) => ({
      idempotencyKey: `bench-fund:${account.id}`,
      debitAccountId: adjustments!.id,
      creditAccountId: account.id,
      amountPaise: 100_000n,
      reason: 'adjustment' as const,
    }));
    await db.transaction((tx) => postEach(tx, funding));
  }
  const users = await db.query<{ id: number }>('select id from users order by id');
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    'insert into sessions (token_hash, user_id, expires_at) select * from unnest($1::text[], $2::int[], $3::timestamptz[])',
    [tokens.map(hashToken), users.map((user) => user.id), users.map(() => new Date(Date.now() + 86_400_000))],
  );
  return tokens;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type BenchServer = { pid: number; port: number; stop(): Promise<void> };

/** Kills what is still running if the benchmark itself exits early (an exception, Ctrl-C). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Registers a child process to be killed by pid if the benchmark exits before stopping it. */
export function stopOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** Starts the server; `overrides` replace its environment's entries (undefined removes one). */
export async function startServer(
  database: BenchDatabase,
  overrides: Record<string, string | undefined> = {},
): Promise<BenchServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    GAME_CLOCK: 'true',
    LOTTERY_CHAIN_LENGTH: '200',
    SEED_DEMO: 'false',
  };
  if (database.scratch) env.DATABASE_URL = database.scratch.url;
  else delete env.DATABASE_URL;
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  // BENCH_SERVER_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, Performance panel), to see where its time goes under the load.
  const profileDir = process.env.BENCH_SERVER_CPU_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  stopOnExit(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const deadlineMs = Date.now() + SERVER_START_TIMEOUT_MS;
  while (!(await isAnswering(port, '/healthz'))) {
    if (child.exitCode !== null || Date.now() > deadlineMs) {
      await stop();
      throw new Error(`the server did not answer /healthz within ${SERVER_START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { pid: child.pid!, port, stop };
}
