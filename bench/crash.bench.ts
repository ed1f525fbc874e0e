// N concurrent players in one Aviator room against a real server process (the configured database:
// DATABASE_URL, else an embedded PGlite): every player holds a Socket.IO connection, bets when the round
// opens and cashes out at a random moment of the flight. Reports accepted cash-outs per second,
// cash-out latency, the fan-out latency of the server's pushes and the server's memory.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createScratchDatabase } from '../apps/server/test/scratch-database.ts';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { openPglite } from '../apps/server/src/platform/db/pglite.ts';
import { openPostgres } from '../apps/server/src/platform/db/postgres.ts';
import { hashToken } from '../apps/server/src/platform/http/authenticate.ts';

const SIZES = (process.env.BENCH_CRASH_CLIENTS ?? '1000,5000,10000').split(',').map(Number);
const MAX_IN_FLIGHT = 256;

type ApiReply = { res: number; code?: string; obj?: { bet?: { id: string; status: string } } };
const root = path.resolve(import.meta.dirname, '..');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Players with ₹1,000 each and a session token, written before the server starts. */
async function preparePlayers(db: Db, count: number): Promise<string[]> {
  await migrate(db);
  await db.query(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     select '6' || lpad(g::text, 9, '0'), 'x', 'Flyer' || g, 'C' || lpad(g::text, 7, '0'), now(), now() from generate_series(1, $1) g`,
    [count],
  );
  await db.query("insert into ledger_accounts (kind, user_id) select kind, id from users, (values ('cash'), ('bonus')) k(kind)");
  const [adjustments] = await db.query<{ id: number }>("select id from ledger_accounts where purpose = 'adjustments'");
  await db.transaction(async (tx) => {
    const { postTransfersFromQuery } = await import('../apps/server/src/modules/wallet/post-transfers.ts');
    await postTransfersFromQuery(
      tx,
      `select 'bench-fund:' || a.id, $1::int, a.id, 100000::bigint, 'adjustment', null::text from ledger_accounts a where a.kind = 'cash'`,
      [adjustments!.id],
    );
  });
  const users = await db.query<{ id: number }>('select id from users order by id');
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    'insert into sessions (token_hash, user_id, expires_at) select * from unnest($1::text[], $2::int[], $3::timestamptz[])',
    [tokens.map(hashToken), users.map((user) => user.id), users.map(() => new Date(Date.now() + 86_400_000))],
  );
  return tokens;
}

async function runSize(clients: number) {
  const label = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-crash-bench-'));
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'mayur_crash_bench') : null;
  const db = scratch ? await openPostgres(scratch.url, 4) : await openPglite(dataDir);
  const tokens = await preparePlayers(db, clients);
  await db.close();

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    GAME_CLOCK: 'true',
    LOTTERY_CHAIN_LENGTH: '200',
    SEED_DEMO: 'false',
  };
  if (scratch) env.DATABASE_URL = scratch.url;
  else delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    i < 240 &&
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 250));

  const rssOf = async () =>
    Number(/process_resident_memory_bytes (\d+)/.exec(await (await fetch(`${base}/metrics`)).text())?.[1] ?? 0);
  const baselineRssBytes = await rssOf();
  const sockets: Socket[] = [];
  const connectStarted = performance.now();
  for (let i = 0; i < clients; i += 500) {
    const batch = Array.from({ length: Math.min(500, clients - i) }, () =>
      io(`${base}/crash`, { path: '/socket.io', transports: ['websocket'], reconnection: false }),
    );
    await Promise.all(
      batch.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          }),
      ),
    );
    for (const socket of batch) socket.emit('subscribe', 'limbo');
    sockets.push(...batch);
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const connectedRssBytes = await rssOf();

  let inFlight = 0;
  const queue: Array<() => void> = [];
  const limited = async <T>(work: () => Promise<T>): Promise<T> => {
    if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => queue.push(resolve));
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
      queue.shift()?.();
    }
  };
  const post = (pathname: string, body: unknown, token: string) =>
    limited(
      async () =>
        (
          await fetch(`${base}/api${pathname}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: token },
            body: JSON.stringify(body),
          })
        ).json() as Promise<ApiReply>,
    );

  // Wait for a fresh round; then listen for its take-off before betting, because with many players
  // betting can still be running when the plane takes off.
  await new Promise((resolve) => sockets[0]!.once('round', resolve));
  const betReplies: Array<Promise<ApiReply>> = [];
  const flyingLatency: number[] = [];
  const crashedAt: number[] = [];
  const cashoutLatency: number[] = [];
  let accepted = 0;
  let refused = 0;
  const refusals = new Map<string, number>();
  let firstAcceptMs = Infinity;
  let lastAcceptMs = 0;
  const cashouts: Array<Promise<void>> = [];
  const crashed = new Promise<{ crashPointX100: number }>((resolve) => sockets[0]!.once('crashed', resolve));

  /** A player cashes out at a random moment of the first 2 s of flight (up to 1.12×): a burst. */
  const cashOutLater = async (i: number) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2_000));
    const placed = await betReplies[i]!;
    if (placed.obj?.bet?.status !== 'open') return;
    const started = performance.now();
    const reply = await post('/gameroket/doSettle', { betId: placed.obj.bet.id }, tokens[i]!);
    cashoutLatency.push(performance.now() - started);
    if (reply.res === 1) {
      accepted += 1;
      firstAcceptMs = Math.min(firstAcceptMs, Date.now());
      lastAcceptMs = Math.max(lastAcceptMs, Date.now());
    } else {
      refused += 1;
      refusals.set(reply.code ?? 'unknown', (refusals.get(reply.code ?? 'unknown') ?? 0) + 1);
    }
  };
  sockets.forEach((socket, i) => {
    socket.once('flying', (event: { flyingAtMs: number }) => {
      flyingLatency.push(Date.now() - event.flyingAtMs);
      cashouts.push(cashOutLater(i));
    });
    socket.once('crashed', () => crashedAt.push(Date.now()));
  });

  // Every player bets in the betting window (bets that arrive in flight are queued, and not counted).
  tokens.forEach((token, i) => (betReplies[i] = post('/gameroket/pour', { room: 'limbo', amount: '10' }, token)));
  const bets = await Promise.all(betReplies);
  const crash = await crashed;
  await Promise.all(cashouts);
  const rssBytes = await rssOf();

  for (const socket of sockets) socket.disconnect();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const spanSeconds = Math.max(0.001, (lastAcceptMs - firstAcceptMs) / 1000);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `${clients.toLocaleString('en')} clients (${label}): connected in ${connectSeconds.toFixed(1)} s; ${bets.filter((reply) => reply.obj?.bet?.status === 'open').length} bets in the round; ` +
      `crash at ${(crash.crashPointX100 / 100).toFixed(2)}×; cash-outs accepted ${accepted}, refused ${refused} (${[...refusals].map(([code, n]) => `${code} ${n}`).join(', ') || 'none'}); ` +
      `${(accepted / spanSeconds).toFixed(0)} accepted cash-outs/s; cash-out latency p50 ${ms(percentile(cashoutLatency, 50))} p99 ${ms(percentile(cashoutLatency, 99))}; ` +
      `'flying' push p50 ${ms(percentile(flyingLatency, 50))} p99 ${ms(percentile(flyingLatency, 99))}; ` +
      `'crashed' reached every client within ${ms(Math.max(...crashedAt) - Math.min(...crashedAt))} of the first; server RSS ${(rssBytes / 2 ** 20).toFixed(0)} MiB (idle ${(baselineRssBytes / 2 ** 20).toFixed(0)} MiB; ${((connectedRssBytes - baselineRssBytes) / clients / 1024).toFixed(1)} KiB per connection)`,
  );
}

console.log(
  `machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; server and clients share the machine`,
);
for (const size of SIZES) {
  try {
    await runSize(size);
  } catch (error) {
    console.log(`${size.toLocaleString('en')} clients: stopped — ${(error as Error).message}`);
    break;
  }
}
