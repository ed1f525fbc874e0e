// The seamless wallet under a studio's load: signed debit + credit pairs from 64 concurrent
// keep-alive connections to the server as its own process, on the configured database (PostgreSQL
// with DATABASE_URL, else PGlite). Two phases: as fast as the wallet answers (closed loop), then paced
// at BENCH_PROVIDER_RATE calls per second (open loop; the goal is p99 under 50 ms at 1,000 calls/s).
// Prints calls per second, p50/p99/max, and the CPU of the server, PostgreSQL and this generator.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { signedHeaders } from '../apps/server/src/platform/http/hmac-signature.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/check-ledger.ts';
import { maximum, percentile } from './support/load-http.ts';
import { coreShare, cpuUsedBetween, loadAverageText, postgresCpuSeconds, processCpuSeconds } from './support/load-processes.ts';
import { createBenchDatabase, preparePlayers, startServer } from './support/load-server.ts';

const PLAYERS = Number(process.env.BENCH_PROVIDER_PLAYERS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_PROVIDER_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_PROVIDER_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_PROVIDER_RATE ?? 1_000);
const SECRET = 'bench-studio-signing-secret-0123456789abcdef';
const API_KEY = 'bench-studio-api-key-0123';

const database = await createBenchDatabase('mayur-provider');
const setupDb = await database.open();
await preparePlayers(setupDb, PLAYERS, '71');
const users = await setupDb.query<{ id: number }>('select id from users order by id');
await setupDb.query(
  `insert into provider_games (provider_id, code, names, category) values ('bench', 'slot', '{"en-US":"Bench slot"}', 'slots')`,
);
const sessionTokens = users.map(() => randomBytes(32).toString('base64url'));
await setupDb.query(
  `insert into provider_game_sessions (provider_id, game_code, user_id, launch_token_hash, launch_expires_at, launched_at,
     session_token_hash, session_expires_at, created_at)
   select 'bench', 'slot', u, 'spent-' || u, now(), now(), t, now() + interval '1 day', now()
   from unnest($1::int[], $2::text[]) as s(u, t)`,
  [users.map((user) => user.id), sessionTokens.map((token) => createHash('sha256').update(token).digest('hex'))],
);
await setupDb.close();

const server = await startServer(database, {
  GAME_CLOCK: 'false',
  PROVIDER_DEMO: 'false',
  PROVIDERS: JSON.stringify([{ id: 'bench', launchUrl: 'http://127.0.0.1:1/launch', apiKey: API_KEY, signingSecret: SECRET }]),
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });

function call(action: string, body: object): Promise<{ status: string; code?: string; ms: number }> {
  const payload = JSON.stringify(body);
  const headers = {
    ...signedHeaders(SECRET, Date.now(), payload),
    'x-api-key': API_KEY,
    'content-length': Buffer.byteLength(payload),
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: '127.0.0.1', port: server.port, path: `/api/provider/bench/${action}`, method: 'POST', headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status: string; code?: string };
          resolve({ ...answer, ms: performance.now() - started });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

let sequence = 0;
/** One round of one player: a ₹1 bet and a ₹0.50 win, each a signed call; returns both latencies. */
async function round(playerIndex: number, latencies: number[], refusals: Map<string, number>): Promise<void> {
  const n = ++sequence;
  const common = {
    sessionToken: sessionTokens[playerIndex]!,
    playerId: String(users[playerIndex]!.id),
    roundId: `r${n}`,
    currency: 'INR',
  };
  const debit = await call('debit', { ...common, transactionId: `d${n}`, gameCode: 'slot', amount: '1.00' });
  latencies.push(debit.ms);
  if (debit.status !== 'ok') {
    refusals.set(debit.code ?? '?', (refusals.get(debit.code ?? '?') ?? 0) + 1);
    return;
  }
  const credit = await call('credit', { ...common, transactionId: `c${n}`, amount: '0.50' });
  latencies.push(credit.ms);
  if (credit.status !== 'ok') refusals.set(credit.code ?? '?', (refusals.get(credit.code ?? '?') ?? 0) + 1);
}

type Phase = {
  latencies: number[];
  refusals: Map<string, number>;
  seconds: number;
  serverCpu: number;
  postgresCpu: number;
  generatorCpu: number;
};

async function measure(
  run: (latencies: number[], refusals: Map<string, number>, untilMs: number) => Promise<void>,
): Promise<Phase> {
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  const serverBefore = processCpuSeconds(server.pid) ?? 0;
  const postgresBefore = postgresCpuSeconds(database.scratch?.name ?? null).backends;
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  await run(latencies, refusals, started + SECONDS * 1000);
  const seconds = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  return {
    latencies,
    refusals,
    seconds,
    serverCpu: (processCpuSeconds(server.pid) ?? 0) - serverBefore,
    postgresCpu: cpuUsedBetween(postgresBefore, postgresCpuSeconds(database.scratch?.name ?? null).backends),
    generatorCpu: (generator.user + generator.system) / 1e6,
  };
}

function report(name: string, phase: Phase) {
  const { latencies, seconds } = phase;
  console.log(
    `${name}: ${latencies.length} calls in ${seconds.toFixed(1)} s = ${Math.round(latencies.length / seconds)} calls/s ` +
      `(${Math.round(latencies.length / 2 / seconds)} debit+credit pairs/s); p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${maximum(latencies).toFixed(1)} ms` +
      (phase.refusals.size ? `; refused ${JSON.stringify(Object.fromEntries(phase.refusals))}` : ''),
  );
  console.log(
    `  CPU: server ${coreShare(phase.serverCpu, seconds)}, PostgreSQL backends ${database.scratch ? coreShare(phase.postgresCpu, seconds) : '(PGlite runs inside the server)'}, generator ${coreShare(phase.generatorCpu, seconds)}; load average ${loadAverageText()}`,
  );
}

try {
  console.log(
    `database: ${database.label}; machine: ${os.cpus().length} cores, node ${process.version}; ${PLAYERS} players, ${CONNECTIONS} connections`,
  );
  // Warm-up: connections opened, account ids cached, the house shards created.
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, worker) => round(worker % PLAYERS, [], new Map())));

  const closed = await measure(async (latencies, refusals, untilMs) => {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        let index = worker;
        while (performance.now() < untilMs) {
          await round(index % PLAYERS, latencies, refusals);
          index += CONNECTIONS;
        }
      }),
    );
  });
  report(`closed loop (${CONNECTIONS} connections, as fast as answered)`, closed);

  const paced = await measure(async (latencies, refusals, untilMs) => {
    // A round is two calls: start RATE / 2 rounds a second, each on the next player, never more than
    // CONNECTIONS rounds in flight (the studio's connection pool).
    const intervalMs = 2_000 / RATE;
    const inFlight = new Set<Promise<void>>();
    let next = performance.now();
    let index = 0;
    while (performance.now() < untilMs) {
      if (inFlight.size >= CONNECTIONS) await Promise.race(inFlight);
      const task = round(index++ % PLAYERS, latencies, refusals).finally(() => inFlight.delete(task));
      inFlight.add(task);
      next += intervalMs;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await Promise.all(inFlight);
  });
  report(`paced at ${RATE} calls/s`, paced);
} finally {
  agent.destroy();
  await server.stop();
  const db = await database.open();
  const ledger = await checkLedger(db);
  console.log(`ledger: ${ledger.violations.length === 0 ? 'balanced' : `VIOLATIONS ${ledger.violations.join('; ')}`}`);
  await db.close();
  await database.cleanup();
}
