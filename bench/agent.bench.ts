// The agent programme at scale on the configured database (DATABASE_URL, else an embedded PGlite): one
import { DAY_MS } from '@mayur/rules/kolkata-day';
// agent with 100,000 team members at depths 1–6 (BENCH_AGENT_MEMBERS, at least 25,481 for this shape)
// and 30 days of deposits, bets and withdrawals in the ledger (bench/support/seed-agent-team.ts). As the
// clock leader runs them, it times refreshing each day's team statistics, then paying the last day's
// commission with every member active (levels decided with the day; goal < 10 s). Then, over HTTP
// against a real server process logged in as the agent, the p50/p99 of `/starAgent/findAllInfo` for the
// month and of `/starAgent/findDownByPage` pages (goal p99 < 50 ms), with the CPU seconds the client,
// the server process and (on PostgreSQL) the database backends used meanwhile.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../apps/server/test/scratch-database.ts';
import { createPasswordHasher } from '../apps/server/src/modules/auth/passwords.ts';
import { decideAgentLevels, type LevelChanges } from '../apps/server/src/modules/agent/agent-levels.ts';
import { kolkataDay, kolkataDayStartMs } from '@mayur/rules/kolkata-day';
import { payCommissionDay } from '../apps/server/src/modules/agent/pay-daily-commission.ts';
import { refreshTeamStats } from '../apps/server/src/modules/agent/refresh-team-stats.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/check-ledger.ts';
import { loadConfig, type AgentLevelThreshold } from '../apps/server/src/platform/config.ts';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { openPglite } from '../apps/server/src/platform/db/pglite.ts';
import { openPostgres } from '../apps/server/src/platform/db/postgres.ts';
import { seedAgentTeam, type SeedPlan } from './support/seed-agent-team.ts';

const MEMBERS = Number(process.env.BENCH_AGENT_MEMBERS ?? 100_000);
const DAYS = 30;
const ACTIVE_PERCENT = Number(process.env.BENCH_AGENT_ACTIVE_PERCENT ?? 15);
const REQUESTS = Number(process.env.BENCH_AGENT_REQUESTS ?? 300);
const WARM_UP_REQUESTS = Number(process.env.BENCH_AGENT_WARM_UP ?? 30);
/** Requests in flight at once: 1 measures one player's latency without queueing behind others. */
const CONCURRENCY = Number(process.env.BENCH_AGENT_CONCURRENCY ?? 1);
/** Pages followed by cursor before the deep page is measured. */
const DEEP_PAGES = 50;
const PAGE_SIZE = 20;
const LATENCY_GOAL_MS = 50;
const COMMISSION_GOAL_SECONDS = 10;
const TOP_AGENT_MOBILE = '8000000001';
const TOP_AGENT_PASSWORD = 'bench-agent-pass-1';
const CLOCK_TICKS_PER_SECOND = 100;

const root = path.resolve(import.meta.dirname, '..');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const number = (value: number) => value.toLocaleString('en');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Thrown to roll a measuring transaction back. */
class RollBack extends Error {}

/** Times the level decision alone, as the paid day's transaction runs it, then undoes it. */
async function decideLevelsRolledBack(db: Db, thresholds: readonly AgentLevelThreshold[], day: string): Promise<LevelChanges> {
  let changes: LevelChanges = { raised: 0, lowered: 0 };
  try {
    await db.transaction(async (tx) => {
      changes = await decideAgentLevels(tx, thresholds, day);
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return changes;
}

type BenchDb = { db: Db; label: string; url?: string; dataDir?: string; cleanup(): Promise<void> };

async function openBenchDb(): Promise<BenchDb> {
  if (!process.env.DATABASE_URL) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-agent-bench-'));
    const db = await openPglite(dataDir);
    return {
      db,
      label: 'PGlite (embedded)',
      dataDir,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'mayur_bench_agent');
  return {
    db: await openPostgres(scratch.url, 4),
    label: `PostgreSQL (scratch database ${scratch.name})`,
    url: scratch.url,
    cleanup: () => scratch.drop(),
  };
}

/** The 30 Kolkata days before today, oldest first; the last (yesterday) is the day paid. */
function monthOfDays(nowMs: number): { days: string[]; dayStartsMs: number[] } {
  const todayStartMs = kolkataDayStartMs(kolkataDay(nowMs));
  const dayStartsMs = Array.from({ length: DAYS }, (_, i) => todayStartMs - (DAYS - i) * DAY_MS);
  return { days: dayStartsMs.map(kolkataDay), dayStartsMs };
}

/** User and system CPU seconds a process has used, from /proc (Linux); null where it cannot be read. */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds of each PostgreSQL backend serving the scratch database, by pid (same machine only). */
async function backendCpuSeconds(db: Db): Promise<Map<number, number>> {
  const rows = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const used = processCpuSeconds(pid);
    if (used !== null) cpu.set(pid, used);
  }
  return cpu;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real entry point on a free loopback port, without the game clock (so no job runs while we measure). */
async function startServer(bench: BenchDb): Promise<{ child: ChildProcess; baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GAME_CLOCK: 'false',
    SEED_DEMO: 'false',
    DATA_DIR: bench.dataDir ?? path.join(os.tmpdir(), 'mayur-agent-bench-unused'),
  };
  if (bench.url) env.DATABASE_URL = bench.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const isUp = () =>
    fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; !(await isUp()); attempt++) {
    if (attempt >= 240 || child.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, baseUrl, stop };
}

type ApiReply<T> = { res: number; code?: string; obj?: T };

function apiClient(baseUrl: string) {
  let token = '';
  return {
    setToken(value: string) {
      token = value;
    },
    async call<T>(pathname: string, body: unknown): Promise<ApiReply<T>> {
      const response = await fetch(`${baseUrl}/api${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      return (await response.json()) as ApiReply<T>;
    },
  };
}

/** Warms up, then times `REQUESTS` calls with `CONCURRENCY` in flight; every reply must succeed. */
async function measure(label: string, request: (index: number) => Promise<ApiReply<unknown>>): Promise<string> {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    const reply = await request(i);
    if (reply.res !== 1) return `${label}: refused (${reply.code ?? 'no code'}), not measured`;
  }
  const latenciesMs: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const index = next++;
        const startedMs = performance.now();
        const reply = await request(WARM_UP_REQUESTS + index);
        latenciesMs.push(performance.now() - startedMs);
        if (reply.res !== 1) failures++;
      }
    }),
  );
  latenciesMs.sort((a, b) => a - b);
  const p99 = percentile(latenciesMs, 99);
  return (
    `${label}: p50 ${percentile(latenciesMs, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latenciesMs.at(-1)!.toFixed(1)} ms ` +
    `over ${REQUESTS} requests${failures > 0 ? `, ${failures} FAILED` : ''} — ${p99 < LATENCY_GOAL_MS ? 'within' : 'OVER'} the ${LATENCY_GOAL_MS} ms goal`
  );
}

type Page = { list: Array<{ userId: number; depth: number }>; total: number; nextCursor: string | null };
type Figures = { usersNumber: number; dailyActiveNumber: number; rechargeAmount: string; teamBetAmount: string };

/** What the endpoints answer, once, so that a fast answer is seen to be a full one. */
async function describeAnswers(
  api: ReturnType<typeof apiClient>,
  month: { days: string[] },
  memberIds: number[],
): Promise<string> {
  const info = await api.call<{ direct: Figures; team: Figures }>('/starAgent/findAllInfo', {
    from: month.days[0],
    to: month.days.at(-1),
  });
  const first = await api.call<Page>('/starAgent/findDownByPage', { pageNum: 1, pageSize: PAGE_SIZE });
  const deep = await api.call<Page>('/starAgent/findDownByPage', { depth: 3, pageNum: 1, pageSize: PAGE_SIZE });
  const found = await api.call<Page>('/starAgent/findDownByPage', {
    search: String(memberIds.at(-1)),
    pageNum: 1,
    pageSize: PAGE_SIZE,
  });
  const figures = (label: string, value?: Figures) =>
    value
      ? `${label} ${number(value.usersNumber)} members, ${number(value.dailyActiveNumber)} active a day, recharges ₹${value.rechargeAmount}, bets ₹${value.teamBetAmount}`
      : `${label} refused (${info.code})`;
  return (
    `answers: findAllInfo ${figures('team', info.obj?.team)}; ${figures('direct', info.obj?.direct)}; ` +
    `findDownByPage ${first.obj?.list.length ?? first.code} rows of ${number(first.obj?.total ?? 0)}, ` +
    `depth 3 ${deep.obj?.list.length ?? deep.code} rows of ${number(deep.obj?.total ?? 0)}, search ${found.obj?.list.length ?? found.code} row`
  );
}

async function measureEndpoints(bench: BenchDb, db: Db, month: { days: string[] }, memberIds: number[]): Promise<void> {
  const server = await startServer(bench);
  try {
    const api = apiClient(server.baseUrl);
    const login = await api.call<{ token: string }>('/user/login', { mobile: TOP_AGENT_MOBILE, password: TOP_AGENT_PASSWORD });
    if (login.res !== 1 || !login.obj) throw new Error(`the top agent could not log in: ${login.code}`);
    api.setToken(login.obj.token);
    console.log(await describeAnswers(api, month, memberIds));

    let cursor: string | null = null;
    for (let page = 0; page < DEEP_PAGES; page++) {
      const reply: ApiReply<Page> = await api.call<Page>('/starAgent/findDownByPage', {
        pageNum: 1,
        pageSize: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      });
      if (reply.res !== 1) break;
      cursor = reply.obj!.nextCursor;
    }

    const backendsBefore = bench.url ? await backendCpuSeconds(db) : new Map<number, number>();
    const serverBefore = processCpuSeconds(server.child.pid!);
    const clientBefore = process.cpuUsage();
    const startedMs = performance.now();
    const lines = [
      await measure(`findAllInfo ${month.days[0]}…${month.days.at(-1)}`, () =>
        api.call('/starAgent/findAllInfo', { from: month.days[0], to: month.days.at(-1) }),
      ),
      await measure('findDownByPage first page', () =>
        api.call('/starAgent/findDownByPage', { pageNum: 1, pageSize: PAGE_SIZE }),
      ),
      cursor
        ? await measure(`findDownByPage page ${DEEP_PAGES + 1} by cursor`, () =>
            api.call('/starAgent/findDownByPage', { pageNum: 1, pageSize: PAGE_SIZE, cursor }),
          )
        : 'findDownByPage by cursor: no cursor after the first pages, not measured',
      await measure('findDownByPage depth 3', () =>
        api.call('/starAgent/findDownByPage', { depth: 3, pageNum: 1, pageSize: PAGE_SIZE }),
      ),
      await measure(`findDownByPage registered ${month.days[0]}…${month.days.at(-1)}`, () =>
        api.call('/starAgent/findDownByPage', { from: month.days[0], to: month.days.at(-1), pageNum: 1, pageSize: PAGE_SIZE }),
      ),
      await measure('findDownByPage search by ID', (i) =>
        api.call('/starAgent/findDownByPage', {
          search: String(memberIds[(i * 7919) % memberIds.length]),
          pageNum: 1,
          pageSize: PAGE_SIZE,
        }),
      ),
    ];
    const wallMs = performance.now() - startedMs;
    const client = process.cpuUsage(clientBefore);
    const serverAfter = processCpuSeconds(server.child.pid!);
    for (const line of lines) console.log(line);
    const serverCpu =
      serverBefore !== null && serverAfter !== null ? `${(serverAfter - serverBefore).toFixed(2)} s` : 'unreadable';
    let databaseCpu = bench.url ? 'unreadable' : 'inside the server (PGlite)';
    if (bench.url) {
      const backendsAfter = await backendCpuSeconds(db);
      if (backendsAfter.size > 0) {
        let used = 0;
        for (const [pid, after] of backendsAfter) used += after - (backendsBefore.get(pid) ?? 0);
        databaseCpu = `${used.toFixed(2)} s over ${backendsAfter.size} backends`;
      }
    }
    console.log(
      `HTTP phase: ${seconds(wallMs)} wall, concurrency ${CONCURRENCY}, load average ${os.loadavg()[0]!.toFixed(1)}; CPU: client ${((client.user + client.system) / 1e6).toFixed(2)} s, ` +
        `server process ${serverCpu}, database ${databaseCpu}`,
    );
  } finally {
    await server.stop();
  }
}

const bench = await openBenchDb();
const db = bench.db;
let isDbOpen = true;
try {
  console.log(
    `database: ${bench.label}; machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; ` +
      `server, database and client share the machine (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const month = monthOfDays(Date.now());
  const plan: SeedPlan = {
    shape: { members: MEMBERS, directs: 40, fanOut: [6, 5, 4, 4] },
    days: month.days,
    dayStartsMs: month.dayStartsMs,
    activePercent: ACTIVE_PERCENT,
    topAgent: { mobile: TOP_AGENT_MOBILE, passwordHash: await createPasswordHasher(config.argon2).hash(TOP_AGENT_PASSWORD) },
  };

  const seedStartedMs = performance.now();
  const seedPhases = new Map<string, number>();
  const seeded = await seedAgentTeam(db, plan, seedPhases);
  console.log(
    `seeded in ${seconds(performance.now() - seedStartedMs)}: ${number(MEMBERS)} members by depth ${seeded.levelSizes.map(number).join(' / ')}, ` +
      `${number(seeded.closureRows)} closure rows; ${month.days[0]}…${month.days.at(-1)}: ${number(seeded.betTransfers)} bets ` +
      `(everyone on the paid day, ${ACTIVE_PERCENT} % on others), ${number(seeded.deposits)} deposits, ${number(seeded.withdrawals)} withdrawals; ` +
      `${number(seeded.ledgerTransfers)} ledger transfers`,
  );
  console.log(`seed steps: ${[...seedPhases].map(([name, spent]) => `${name} ${spent.toFixed(1)} s`).join(', ')}`);

  // As the clock leader does it: each day's statistics rolled up, then the paid day's levels decided
  // from them and the day paid at those levels, in one transaction.
  const refreshMs: number[] = [];
  for (const day of month.days) {
    const startedMs = performance.now();
    await refreshTeamStats(db, day);
    refreshMs.push(performance.now() - startedMs);
  }
  const sortedRefreshMs = [...refreshMs].sort((a, b) => a - b);
  console.log(
    `team statistics refreshed for ${DAYS} days: p50 ${seconds(percentile(sortedRefreshMs, 50))}, max ${seconds(sortedRefreshMs.at(-1)!)} per day, ` +
      `${seconds(refreshMs.reduce((sum, ms) => sum + ms, 0))} in all`,
  );

  const paidDay = month.days.at(-1)!;
  const levelsStartedMs = performance.now();
  const levels = await decideLevelsRolledBack(db, config.agent.levelThresholds, paidDay);
  const levelsMs = performance.now() - levelsStartedMs;
  const commissionStartedMs = performance.now();
  const outcome = await payCommissionDay(db, config.agent.commissionRatesBp, paidDay, config.agent.levelThresholds);
  const commissionMs = performance.now() - commissionStartedMs;
  const [paid] = await db.query<{ members: number; lines: number }>(
    'select count(distinct member_id)::integer as members, count(*)::integer as lines from agent_commission_members where day = $1::date',
    [paidDay],
  );
  console.log(
    `commission for ${paidDay}: ${seconds(commissionMs)} — ${number(paid!.members)} members paid on (${number(paid!.lines)} lines), ` +
      `${number(outcome.agents)} agents paid ₹${(Number(outcome.amountPaise) / 100).toFixed(2)}; levels raised ${levels.raised}, lowered ${levels.lowered} ` +
      `(deciding them alone: ${seconds(levelsMs)}); ${commissionMs / 1000 < COMMISSION_GOAL_SECONDS ? 'within' : 'OVER'} the ${COMMISSION_GOAL_SECONDS} s goal`,
  );

  await db.exec('vacuum analyze');
  const ledger = await checkLedger(db);
  console.log(
    `ledger check: ${number(ledger.transferCount)} transfers, ${ledger.violations.length === 0 ? 'OK' : `VIOLATIONS: ${ledger.violations.join('; ')}`}`,
  );
  if (ledger.violations.length > 0) process.exitCode = 1;

  const memberIds = (await db.query<{ id: number }>('select id from users where id > $1 order by id', [seeded.topAgentId])).map(
    (row) => row.id,
  );
  // PGlite allows one process at a time: hand the data folder to the server for the HTTP phase.
  if (!bench.url) {
    await db.close();
    isDbOpen = false;
  }
  await measureEndpoints(bench, db, month, memberIds);
} finally {
  if (isDbOpen) await db.close();
  await bench.cleanup();
}
