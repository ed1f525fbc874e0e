// N players in one Aviator room against a real server process, or BENCH_CRASH_SERVERS of them sharing
// PostgreSQL and Redis (the configured database: DATABASE_URL, else an embedded PGlite). The load generator is kept lean so that it measures the
// server, not itself: several worker processes (bench/support/crash-load-worker.ts), each holding its
// players' minimal Engine.IO/Socket.IO connections over `ws` and a bounded keep-alive HTTP pool, opened
// before the round (as players' browsers hold theirs from loading the game).
// Every player bets in the first seconds of one round's betting window and cashes out at a random
// moment of the flight's first two seconds, timed from the take-off instant the round's `round` push
// announced (so a late `flying` push is measured, not compounded) (on PostgreSQL the bench reads the round's crash instant from
// the database and keeps the cash-outs before it, so that a refusal means the server was late, not the
// player). For each size it prints bets accepted in the window, cash-outs accepted, ack p50/p99/max
// of both, the take-off push p50/p99, the CPU of the server, of the generator and of PostgreSQL over
// the round (from /proc), the server's memory per connection and the load average.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { maximum, minimum, percentile } from './support/load-http.ts';
import {
  coreShare,
  cpuUsedBetween,
  loadAverageText,
  postgresCpuSeconds,
  processCpuSeconds,
  residentBytes,
} from './support/load-processes.ts';
import { createBenchDatabase, preparePlayers, startServer, stopOnExit, type BenchServer } from './support/load-server.ts';
import { connectLoadSocket, eventPayload, type LoadSocket } from './support/crash-load-socket.ts';
import type { WorkerCommand, WorkerConnected, WorkerReport, WorkerResult } from './support/crash-load-worker.ts';

const SIZES = (process.env.BENCH_CRASH_CLIENTS ?? '1000,5000,10000').split(',').map(Number);
const WORKERS = Number(process.env.BENCH_CRASH_WORKERS ?? 2);
/**
 * Server processes (nodes) sharing the database and Redis, as behind a load balancer: generator worker
 * w talks to node w mod N. More than one needs PostgreSQL and REDIS_URL.
 */
const SERVERS = Math.max(1, Number(process.env.BENCH_CRASH_SERVERS ?? 1));
/**
 * Keep-alive HTTP connections to the server for bets, over all workers (cash-outs have as many again).
 * A player's browser holds a connection of its own, so a pool smaller than the room queues requests in
 * the generator: at 10,000 players, 1,000 cash-out connections put up to 400 ms of waiting for a
 * connection into the cash-out p99 (decision 0015). By default one per player, at most
 * 2,500 per pool: 10,000 sockets plus 5,000 connections stay under the 20,000 descriptors a process
 * may open here.
 */
const MAX_DEFAULT_HTTP_CONNECTIONS = 2_500;
const httpConnectionsFor = (clients: number) =>
  Number(process.env.BENCH_CRASH_HTTP_CONNECTIONS ?? Math.min(clients, MAX_DEFAULT_HTTP_CONNECTIONS));
/** Players press "Bet" at random moments of the betting window's first seconds. */
const BET_SPREAD_MS = Number(process.env.BENCH_CRASH_BET_SPREAD_MS ?? 2_000);
const CASHOUT_WINDOW_MS = 2_000;
/** Cash-outs are planned at least this long before the crash instant. */
const CRASH_MARGIN_MS = 200;
/** A round that crashes sooner leaves no room for cash-outs: the next one is played instead. */
const MIN_FLIGHT_MS = 1_000;
/** A flight longer than this only makes the run longer (the bench waits for the crash push): skipped too. */
const MAX_FLIGHT_MS = 30_000;
const MAX_SKIPPED_ROUNDS = 5;
const SIZE_TIMEOUT_MS = Number(process.env.BENCH_CRASH_TIMEOUT_S ?? 300) * 1_000;
const ROOM = 'limbo';

const workerPath = path.join(import.meta.dirname, 'support', 'crash-load-worker.ts');
const ms = (value: number) => `${value.toFixed(0)} ms`;
const cpuSecondsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

type Worker = {
  child: ChildProcess;
  next(kind: WorkerReport['kind']): Promise<WorkerReport>;
  send(command: WorkerCommand): void;
};

function startWorker(): Worker {
  const child = fork(workerPath, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  stopOnExit(child);
  const reports: WorkerReport[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  child.on('message', (report: WorkerReport) => {
    reports.push(report);
    wakeAll();
  });
  child.once('exit', wakeAll);
  return {
    child,
    send: (command) => child.send(command),
    async next(kind) {
      for (;;) {
        const failed = reports.find((report) => report.kind === 'failed');
        if (failed?.kind === 'failed') throw new Error(`load worker ${child.pid} failed: ${failed.message}`);
        const index = reports.findIndex((report) => report.kind === kind);
        if (index >= 0) return reports.splice(index, 1)[0]!;
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`load worker ${child.pid} exited`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
    },
  };
}

async function stopWorker(worker: Worker): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  if (worker.child.connected) worker.send({ kind: 'stop' });
  const timer = setTimeout(() => worker.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Stops the running size's workers and server and drops its database; used when the size times out. */
const currentSize: { cleanup: (() => Promise<void>) | null; snapshot: (() => Promise<string>) | null } = {
  cleanup: null,
  snapshot: null,
};
const SNAPSHOT_TIMEOUT_MS = 10_000;

type ChosenRound = { roundId: string; flyingAtMs: number; cashoutWindowMs: number; flightMs: number | null; skipped: number };

/** The next round to play: its id from the `round` push, its flight length from the database when it can be read. */
async function chooseRound(observer: LoadSocket, db: Db | null): Promise<ChosenRound> {
  for (let skipped = 0; ; skipped++) {
    const { roundId, flyingAtMs } = await new Promise<{ roundId: string; flyingAtMs: number }>((resolve) =>
      observer.onPush((event, packet) => {
        if (event === 'round') resolve(eventPayload(packet));
      }),
    );
    if (!db) return { roundId, flyingAtMs, cashoutWindowMs: CASHOUT_WINDOW_MS, flightMs: null, skipped };
    const [round] = await db.query<{ flight_ms: number }>(
      'select (extract(epoch from crash_at - flying_at) * 1000)::float8 as flight_ms from crash_rounds where id = $1',
      [roundId],
    );
    const flightMs = round!.flight_ms;
    if ((flightMs >= MIN_FLIGHT_MS && flightMs <= MAX_FLIGHT_MS) || skipped >= MAX_SKIPPED_ROUNDS)
      return {
        roundId,
        flyingAtMs,
        cashoutWindowMs: Math.max(0, Math.min(CASHOUT_WINDOW_MS, flightMs - CRASH_MARGIN_MS)),
        flightMs,
        skipped,
      };
  }
}

async function runSize(clients: number): Promise<string> {
  const database = await createBenchDatabase('mayur-crash-bench');
  let db: Db | null = null;
  const servers: BenchServer[] = [];
  let observer: LoadSocket | null = null;
  const workers: Worker[] = [];
  let cleaned: Promise<void> | null = null;
  const cleanup = () =>
    (cleaned ??= (async () => {
      observer?.close();
      await Promise.all(workers.map(stopWorker));
      await Promise.all(servers.map((server) => server.stop()));
      await db?.close().catch(() => {});
      await database.cleanup();
    })());
  currentSize.cleanup = cleanup;
  currentSize.snapshot = null;
  try {
    db = await database.open();
    const tokens = await preparePlayers(db, clients, '6');
    // PGlite is one process's folder: hand it to the server. On PostgreSQL the bench keeps a connection to read rounds.
    if (!database.scratch) {
      await db.close();
      db = null;
    }
    if (SERVERS > 1 && !(database.scratch && process.env.REDIS_URL))
      throw new Error('BENCH_CRASH_SERVERS above 1 needs DATABASE_URL (PostgreSQL) and REDIS_URL');
    for (let n = 0; n < SERVERS; n++) servers.push(await startServer(database));
    const server = servers[0]!;
    const serversRss = () => sum(servers.map((node) => residentBytes(node.pid)));
    const serversCpu = () => sum(servers.map((node) => processCpuSeconds(node.pid) ?? 0));
    const idleRssBytes = serversRss();
    const perWorker = Math.ceil(clients / WORKERS);
    for (let w = 0; w * perWorker < clients; w++) {
      const worker = startWorker();
      workers.push(worker);
      worker.send({
        kind: 'start',
        port: servers[w % servers.length]!.port,
        room: ROOM,
        tokens: tokens.slice(w * perWorker, (w + 1) * perWorker),
        httpConnections: Math.max(1, Math.floor(httpConnectionsFor(clients) / WORKERS)),
        workerIndex: w,
      });
    }
    observer = await connectLoadSocket(server.port, '/crash');
    observer.emit('subscribe', ROOM);
    const connected = (await Promise.all(workers.map((worker) => worker.next('connected')))) as WorkerConnected[];
    const connectSeconds = Math.max(...connected.map((report) => report.connectMs)) / 1000;
    const connectedRssBytes = serversRss();

    const chosen = await chooseRound(observer, db);
    let crashPointX100 = 0;
    observer.onPush((event, packet) => {
      const crashed = event === 'crashed' ? eventPayload<{ roundId: string; crashPointX100: number }>(packet) : null;
      if (crashed?.roundId === chosen.roundId) crashPointX100 = crashed.crashPointX100;
    });
    const loadBefore = loadAverageText();
    const serverCpuBefore = serversCpu();
    const postgresBefore = postgresCpuSeconds(database.scratch?.name ?? null);
    const coordinatorBefore = process.cpuUsage();
    const startedMs = performance.now();
    for (const worker of workers)
      worker.send({
        kind: 'go',
        roundId: chosen.roundId,
        flyingAtMs: chosen.flyingAtMs,
        betSpreadMs: BET_SPREAD_MS,
        cashoutWindowMs: chosen.cashoutWindowMs,
      });
    /** The figures of the round from the workers' reports: final, or (at the time limit) so far. */
    const summarize = (results: WorkerResult[], isPartial: boolean) => {
      const wallSeconds = (performance.now() - startedMs) / 1000;
      const serverCpu = serversCpu() - serverCpuBefore;
      const postgresAfter = postgresCpuSeconds(database.scratch?.name ?? null);
      const coordinatorCpu = cpuSecondsOf(process.cpuUsage(coordinatorBefore));
      const rssBytes = serversRss();

      const all = <K extends keyof WorkerResult>(key: K) => results.flatMap((result) => result[key] as number[]);
      const betAckMs = all('betAckMs');
      const cashoutAckMs = all('cashoutAckMs');
      // The server's part of an ack: from the request leaving the generator to its answer (the arrays
      // are filled together, so index i of one belongs to index i of the other).
      const sentToAck = (ack: number[], waited: number[]) => ack.map((value, i) => value - (waited[i] ?? 0));
      const betServerMs = sentToAck(betAckMs, all('betWaitedMs'));
      const cashoutServerMs = sentToAck(cashoutAckMs, all('cashoutWaitedMs'));
      const flyingPushMs = all('flyingPushMs');
      const crashedAtMs = all('crashedAtMs');
      const refusals = new Map<string, number>();
      for (const result of results)
        for (const [code, count] of Object.entries(result.refusals)) refusals.set(code, (refusals.get(code) ?? 0) + count);
      const workerCpu = results.map((result) => result.roundCpuSeconds);
      const generatorCpu = sum(workerCpu) + coordinatorCpu;
      const postgresCpu = database.scratch
        ? `${cpuUsedBetween(postgresBefore.backends, postgresAfter.backends).toFixed(1)} s (${coreShare(cpuUsedBetween(postgresBefore.backends, postgresAfter.backends), wallSeconds)}) in the scratch database's backends, ${cpuUsedBetween(postgresBefore.all, postgresAfter.all).toFixed(1)} s in all postgres processes`
        : 'inside the server process (PGlite)';
      const quantiles = (values: number[]) =>
        `p50 ${ms(percentile(values, 50))} p99 ${ms(percentile(values, 99))} max ${ms(maximum(values))}`;
      const flight =
        chosen.flightMs === null ? 'flight length unknown (PGlite)' : `flight ${(chosen.flightMs / 1000).toFixed(1)} s`;
      return [
        `${isPartial ? `STOPPED at the ${SIZE_TIMEOUT_MS / 1000} s limit, figures so far: ` : ''}${clients.toLocaleString('en')} clients (${database.label.split(' ')[0]}, ${servers.length === 1 ? 'one server process' : `${servers.length} server processes sharing it and Redis`}, ${workers.length} generator processes, ${httpConnectionsFor(clients)} + ${httpConnectionsFor(clients)} keep-alive HTTP connections for bets + cash-outs): ` +
          `connected in ${connectSeconds.toFixed(1)} s; round ${chosen.roundId} ${crashPointX100 ? `crashed at ${(crashPointX100 / 100).toFixed(2)}×` : 'not crashed yet'} (${flight}${chosen.skipped ? `, ${chosen.skipped} rounds skipped for a flight under 1 s or over 30 s` : ''}); ` +
          `bets pressed over the first ${(BET_SPREAD_MS / 1000).toFixed(1)} s of the window, cash-outs over the first ${(chosen.cashoutWindowMs / 1000).toFixed(1)} s of flight`,
        `  bets: ${sum(results.map((r) => r.betsInRound))} of ${clients} accepted in the betting window, ${sum(results.map((r) => r.betsQueued))} taken for a later round` +
          `${isPartial ? ` (${betAckMs.length} of ${clients} answered so far)` : ''}; ` +
          `ack ${quantiles(betAckMs)} (waited for a generator connection p99 ${ms(percentile(all('betWaitedMs'), 99))}; ` +
          `from leaving the generator: p50 ${ms(percentile(betServerMs, 50))} p99 ${ms(percentile(betServerMs, 99))})`,
        `  cash-outs: ${sum(results.map((r) => r.cashoutsAccepted))} accepted of ${cashoutAckMs.length} sent; ack ${quantiles(cashoutAckMs)} ` +
          `(waited for a generator connection p99 ${ms(percentile(all('cashoutWaitedMs'), 99))}; ` +
          `from leaving the generator: p50 ${ms(percentile(cashoutServerMs, 50))} p99 ${ms(percentile(cashoutServerMs, 99))})`,
        `  refused: ${[...refusals].map(([code, count]) => `${code} ${count}`).join(', ') || 'none'}`,
        `  'flying' push reached ${flyingPushMs.length} of ${clients} clients: p50 ${ms(percentile(flyingPushMs, 50))} p99 ${ms(percentile(flyingPushMs, 99))}; ` +
          `'crashed' reached every client within ${ms(maximum(crashedAtMs) - minimum(crashedAtMs))} of the first`,
        `  CPU over the round (${wallSeconds.toFixed(1)} s wall): server ${serverCpu.toFixed(1)} s (${coreShare(serverCpu, wallSeconds)}); ` +
          `generator ${generatorCpu.toFixed(1)} s (${coreShare(generatorCpu, wallSeconds)}: workers ${workerCpu.map((cpu) => cpu.toFixed(1)).join(' + ')} s, coordinator ${coordinatorCpu.toFixed(1)} s); ` +
          `PostgreSQL ${postgresCpu}`,
        `  server memory: RSS ${(rssBytes / 2 ** 20).toFixed(0)} MiB after the round (idle ${(idleRssBytes / 2 ** 20).toFixed(0)} MiB, connected ${(connectedRssBytes / 2 ** 20).toFixed(0)} MiB): ` +
          `${((connectedRssBytes - idleRssBytes) / clients / 1024).toFixed(1)} KiB per connection; load average before the round ${loadBefore}, after ${loadAverageText()}`,
      ].join('\n');
    };
    currentSize.snapshot = async () => {
      for (const worker of workers) worker.send({ kind: 'snapshot' });
      const snapshots = workers.map((worker) => worker.next('snapshot') as Promise<WorkerResult>);
      const gaveUp = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no snapshot')), SNAPSHOT_TIMEOUT_MS));
      return summarize(await Promise.race([Promise.all(snapshots), gaveUp]), true);
    };
    return summarize((await Promise.all(workers.map((worker) => worker.next('result')))) as WorkerResult[], false);
  } finally {
    await cleanup();
  }
}

console.log(
  `machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; server, PostgreSQL and generator share it; load average ${loadAverageText()}`,
);
for (const size of SIZES) {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not finished within ${SIZE_TIMEOUT_MS / 1000} s`)), SIZE_TIMEOUT_MS);
    });
    console.log(await Promise.race([runSize(size), timedOut]));
  } catch (error) {
    console.log(`${size.toLocaleString('en')} clients: stopped — ${(error as Error).message}`);
    const partial = currentSize.snapshot
      ? await currentSize.snapshot().catch((reason: unknown) => `  no figures so far: ${(reason as Error).message}`)
      : '  no figures so far: the measured round had not started';
    console.log(partial);
    // A size that timed out is still running: stop its processes and drop its database before leaving.
    await currentSize.cleanup?.();
    process.exit(1);
  } finally {
    clearTimeout(timer);
  }
}
