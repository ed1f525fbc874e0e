// Lottery bets placed per second over HTTP into the 1-minute Win Go room, against a real server process
// (the configured database: DATABASE_URL, else an embedded PGlite). Many funded players (written before
// the server starts) bet again and again during one period's betting window through a bounded pool of
// keep-alive connections (closed loop: each connection sends the next player's bet when the last one is
// answered). Prints bets/s, ack p50/p99/max, the CPU of the server, of the generator and of PostgreSQL
// (from /proc), then pgbench's TPC-B-like rate on the same PostgreSQL in the same run, and the ratio.
import { periodAt, WINGO_SELECTIONS } from '@mayur/rules/lottery-rooms';
import os from 'node:os';
import { keepAliveJsonClient, maximum, percentile } from './support/load-http.ts';
import { runPgbench } from './support/load-pgbench.ts';
import { coreShare, cpuUsedBetween, loadAverageText, postgresCpuSeconds, processCpuSeconds } from './support/load-processes.ts';
import { createBenchDatabase, preparePlayers, startServer, type BenchServer } from './support/load-server.ts';

const PLAYERS = Number(process.env.BENCH_LOTTERY_PLAYERS ?? 2_000);
/** Requests in flight at once (one per keep-alive connection). */
const CONNECTIONS = Number(process.env.BENCH_LOTTERY_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOTTERY_SECONDS ?? 20);
/** Whole run, waiting for a period with enough betting time left included. */
const TIMEOUT_MS = Number(process.env.BENCH_LOTTERY_TIMEOUT_S ?? 240) * 1_000;
const ROOM = 'wingo-1';
/** Bets start this long after a period opens, so the game clock has written its round. */
const OPEN_MARGIN_MS = 1_500;
const CLOSE_MARGIN_MS = 2_000;
const WARM_UP_ATTEMPTS = 20;

/** Stops the server and drops the database of the run; called again (harmlessly) when the run times out. */
const cleanupRun: { stop: () => Promise<void> } = { stop: async () => {} };

const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, delayMs)));

/** The period to bet in: the current one if its betting window still holds the whole run, else the next. */
async function periodWithTimeLeft(): Promise<string> {
  for (;;) {
    const nowMs = Date.now();
    const slot = periodAt(ROOM, nowMs);
    const isOpenLongEnough = nowMs >= slot.startsAtMs + OPEN_MARGIN_MS;
    if (isOpenLongEnough && slot.bettingClosesAtMs - nowMs >= SECONDS * 1_000 + CLOSE_MARGIN_MS) return slot.period;
    await sleep((isOpenLongEnough ? slot.endsAtMs : slot.startsAtMs) + OPEN_MARGIN_MS - nowMs);
  }
}

async function run(): Promise<void> {
  const database = await createBenchDatabase('mayur-lottery-bench');
  let server: BenchServer | null = null;
  let cleaned: Promise<void> | null = null;
  cleanupRun.stop = () =>
    (cleaned ??= (async () => {
      await server?.stop();
      await database.cleanup();
    })());
  try {
    const db = await database.open();
    const tokens = await preparePlayers(db, PLAYERS, '7');
    await db.close();
    server = await startServer(database);
    const client = keepAliveJsonClient(server.port, CONNECTIONS);
    const period = await periodWithTimeLeft();
    let sequence = 0;
    const nextBet = () => ({
      min: 60,
      period,
      select: WINGO_SELECTIONS[sequence % WINGO_SELECTIONS.length],
      contractMoney: '10',
      contractCount: 1,
      agree: true,
      requestKey: `lottery-bench-${(sequence += 1)}`,
    });
    // One bet first: it proves the round is open, and the server's first-use costs stay out of the figures.
    for (let attempt = 1; ; attempt++) {
      const { reply } = await client.post('/wingo/pour', nextBet(), tokens[0]!);
      if (reply.res === 1) break;
      if (attempt >= WARM_UP_ATTEMPTS) throw new Error(`the warm-up bet was refused: ${reply.code ?? reply.res}`);
      await sleep(250);
    }

    const ackMs: number[] = [];
    const refusals = new Map<string, number>();
    let accepted = 0;
    const loadBefore = loadAverageText();
    const serverCpuBefore = processCpuSeconds(server.pid) ?? 0;
    const postgresBefore = postgresCpuSeconds(database.scratch?.name ?? null);
    const generatorBefore = process.cpuUsage();
    const startedMs = performance.now();
    const deadlineMs = startedMs + SECONDS * 1_000;
    const connection = async () => {
      while (performance.now() < deadlineMs) {
        const player = sequence % PLAYERS;
        const posted = await client.post('/wingo/pour', nextBet(), tokens[player]!).catch((error: unknown) => {
          const code = `transport ${(error as Error).message}`;
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
          return null;
        });
        if (!posted) continue;
        ackMs.push(posted.ackMs);
        if (posted.reply.res === 1) accepted += 1;
        else {
          const code = posted.reply.code ?? `res ${posted.reply.res}`;
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
    const wallSeconds = (performance.now() - startedMs) / 1000;
    const serverCpu = (processCpuSeconds(server.pid) ?? 0) - serverCpuBefore;
    const postgresAfter = postgresCpuSeconds(database.scratch?.name ?? null);
    const generator = process.cpuUsage(generatorBefore);
    const generatorCpu = (generator.user + generator.system) / 1e6;
    client.close();
    await server.stop();

    const betsPerSecond = accepted / wallSeconds;
    const backendsCpu = cpuUsedBetween(postgresBefore.backends, postgresAfter.backends);
    console.log(
      `${PLAYERS.toLocaleString('en')} players, ${CONNECTIONS} keep-alive connections in one generator process, period ${period} of ${ROOM}, ${wallSeconds.toFixed(1)} s: ` +
        `${accepted} bets accepted → ${betsPerSecond.toFixed(0)} bets/s; refused ${[...refusals].map(([code, count]) => `${code} ${count}`).join(', ') || 'none'}; ` +
        `ack p50 ${ms(percentile(ackMs, 50))} p99 ${ms(percentile(ackMs, 99))} max ${ms(maximum(ackMs))}`,
    );
    console.log(
      `  CPU: server ${serverCpu.toFixed(1)} s (${coreShare(serverCpu, wallSeconds)}); generator ${generatorCpu.toFixed(1)} s (${coreShare(generatorCpu, wallSeconds)}); PostgreSQL ` +
        (database.scratch
          ? `${backendsCpu.toFixed(1)} s (${coreShare(backendsCpu, wallSeconds)}) in the scratch database's backends, ${cpuUsedBetween(postgresBefore.all, postgresAfter.all).toFixed(1)} s in all postgres processes`
          : 'inside the server process (PGlite)') +
        `; load average before ${loadBefore}, after ${loadAverageText()}`,
    );
    if (process.env.DATABASE_URL) {
      const pgbench = runPgbench(process.env.DATABASE_URL);
      console.log(
        `  pgbench -b tpcb-like on the same PostgreSQL, right after: ${pgbench.text}; load average ${loadAverageText()}`,
      );
      if (pgbench.tps) console.log(`  ratio: lottery bets/s ÷ pgbench tps = ${(betsPerSecond / pgbench.tps).toFixed(2)}`);
    } else {
      console.log('  pgbench: skipped (set DATABASE_URL to compare against PostgreSQL)');
    }
  } finally {
    await cleanupRun.stop();
  }
}

console.log(
  `machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; server, PostgreSQL and generator share it; load average ${loadAverageText()}`,
);
let timer: NodeJS.Timeout | undefined;
try {
  await Promise.race([
    run(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not finished within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    }),
  ]);
} catch (error) {
  console.log(`lottery bets: stopped — ${(error as Error).message}`);
  // A run that timed out is still going: stop its server and drop its database before leaving.
  await cleanupRun.stop();
  process.exit(1);
} finally {
  clearTimeout(timer);
}
