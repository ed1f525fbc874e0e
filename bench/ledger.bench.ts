// Ledger throughput on the configured database (DATABASE_URL, else an embedded PGlite in a temp
// folder): single transfers from concurrent workers (each its own transaction, then through the group commit), then batched posts (a thousand in one `postEach` call), each with p50/p99 latency;
// then pgbench's TPC-B-like workload against the same PostgreSQL, so the ratio is visible.
// BENCH_LEDGER_GUARDS=off switches the database's posting guards off in the scratch database, to
// measure what they cost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../apps/server/test/scratch-database.ts';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { openPglite } from '../apps/server/src/platform/db/pglite.ts';
import { openPostgres } from '../apps/server/src/platform/db/postgres.ts';
import {
  HOUSE_SHARD_COUNT,
  houseAccountId,
  openPlayerAccounts,
  shardedHouseAccountId,
} from '../apps/server/src/modules/wallet/accounts.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/check-ledger.ts';
import { postEach, postGroup, type TransferInput } from '../apps/server/src/modules/wallet/ledger.ts';
import { runPgbench } from './support/load-pgbench.ts';
import { switchOffLedgerGuardsIfAsked } from './support/ledger-guards.ts';
import { TransferBatcher } from './support/transfer-batcher.ts';

const PLAYERS = 1_000;
const SINGLE_WORKERS = Number(process.env.BENCH_WORKERS ?? 16);
const SINGLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCH_SIZE = 1_000;
const BATCHES = Number(process.env.BENCH_BATCHES ?? 20);
const GROUP_COMMIT_WINDOW_MS = Number(process.env.BENCH_GROUP_COMMIT_WINDOW_MS ?? 0);
const GROUP_COMMIT_LIMIT = 500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function openBenchDb(): Promise<{ db: Db; label: string; url?: string; cleanup(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-bench-'));
    const db = await openPglite(dir);
    return {
      db,
      label: `PGlite (embedded, ${dir})`,
      cleanup: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase(base, 'mayur_bench');
  const url = new URL(scratch.url);
  const db = await openPostgres(scratch.url, SINGLE_WORKERS + 2);
  return {
    db,
    label: `PostgreSQL (${url.host}, scratch database ${scratch.name})`,
    url: scratch.url,
    cleanup: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

async function setupPlayers(db: Db): Promise<number[]> {
  await db.query(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     select '8' || lpad(g::text, 9, '0'), 'x', 'Bench', 'B' || lpad(g::text, 7, '0'), now(), now() from generate_series(1, $1) g`,
    [PLAYERS],
  );
  const users = await db.query<{ id: number }>('select id from users order by id');
  const cash: number[] = [];
  for (const user of users) cash.push((await openPlayerAccounts(db, user.id)).cashAccountId);
  return cash;
}

async function benchSingles(
  db: Db,
  cashAccounts: number[],
  roomFor: (player: number) => number,
  label: string,
  batcher?: TransferBatcher,
) {
  const latencies: number[] = [];
  const deadline = performance.now() + SINGLE_SECONDS * 1000;
  let sequence = 0;
  const worker = async (workerId: number) => {
    while (performance.now() < deadline) {
      sequence += 1;
      const player = cashAccounts[(sequence * 7919 + workerId) % cashAccounts.length]!;
      // A payout-shaped move: house room → player cash.
      const input: TransferInput = {
        idempotencyKey: `single-${label}-${sequence}`,
        debitAccountId: roomFor(player),
        creditAccountId: player,
        amountPaise: 110n,
        reason: 'payout',
      };
      const started = performance.now();
      if (batcher) {
        const outcome = await batcher.post(input);
        if (!outcome.isPosted) throw new Error(`transfer ${input.idempotencyKey} refused: ${outcome.code}`);
      } else await db.transaction((tx) => postGroup(tx, [input]));
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: SINGLE_WORKERS }, (_, i) => worker(i)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function benchBatches(db: Db, cashAccounts: number[], room: number) {
  const latencies: number[] = [];
  const started = performance.now();
  for (let b = 0; b < BATCHES; b++) {
    const batch: TransferInput[] = Array.from({ length: BATCH_SIZE }, (_, i) => ({
      idempotencyKey: `batch-${b}-${i}`,
      debitAccountId: room,
      creditAccountId: cashAccounts[i % cashAccounts.length]!,
      amountPaise: BigInt(100 + i),
      reason: 'payout',
      reference: `round:${b}`,
    }));
    const batchStarted = performance.now();
    const outcomes = await db.transaction((tx) => postEach(tx, batch));
    if (outcomes.some((outcome) => !outcome.isPosted)) throw new Error(`batch ${b} refused a transfer`);
    latencies.push(performance.now() - batchStarted);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    batches: BATCHES,
    perSecond: (BATCHES * BATCH_SIZE) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const { db, label, url, cleanup } = await openBenchDb();
try {
  console.log(`database: ${label}`);
  console.log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
  await migrate(db);
  await switchOffLedgerGuardsIfAsked(db);
  const cashAccounts = await setupPlayers(db);
  const room = await houseAccountId(db, 'room:bench');

  const shards = new Map<number, number>();
  for (const account of cashAccounts) shards.set(account, await shardedHouseAccountId(db, 'room:bench-sharded', account));
  const hot = await benchSingles(db, cashAccounts, () => room, 'hot');
  console.log(
    `single transfers, one house account: ${hot.count} in ${SINGLE_SECONDS} s with ${SINGLE_WORKERS} concurrent workers → ${hot.perSecond.toFixed(0)} transfers/s, p50 ${ms(hot.p50)}, p99 ${ms(hot.p99)}`,
  );
  const single = await benchSingles(db, cashAccounts, (player) => shards.get(player)!, 'sharded');
  console.log(
    `single transfers, house account in ${HOUSE_SHARD_COUNT} shards: ${single.count} in ${SINGLE_SECONDS} s with ${SINGLE_WORKERS} concurrent workers → ${single.perSecond.toFixed(0)} transfers/s, p50 ${ms(single.p50)}, p99 ${ms(single.p99)}`,
  );
  const grouped = await benchSingles(
    db,
    cashAccounts,
    (player) => shards.get(player)!,
    'grouped',
    new TransferBatcher(db, { windowMs: GROUP_COMMIT_WINDOW_MS, limit: GROUP_COMMIT_LIMIT }),
  );
  console.log(
    `single transfers through the group commit (window ${GROUP_COMMIT_WINDOW_MS} ms), house account in ${HOUSE_SHARD_COUNT} shards: ${grouped.count} in ${SINGLE_SECONDS} s with ${SINGLE_WORKERS} concurrent workers → ${grouped.perSecond.toFixed(0)} transfers/s, p50 ${ms(grouped.p50)}, p99 ${ms(grouped.p99)}`,
  );
  const batches = await benchBatches(db, cashAccounts, room);
  console.log(
    `batched transfers: ${batches.batches} batches of ${BATCH_SIZE} → ${batches.perSecond.toFixed(0)} transfers/s, per batch p50 ${ms(batches.p50)}, p99 ${ms(batches.p99)}`,
  );
  const report = await checkLedger(db);
  console.log(
    `ledger check after the run: ${report.transferCount} transfers, ${report.violations.length === 0 ? 'OK' : `VIOLATIONS: ${report.violations.join('; ')}`}`,
  );
  if (url && process.env.DATABASE_URL) {
    const pgbench = runPgbench(process.env.DATABASE_URL, SINGLE_WORKERS, SINGLE_SECONDS);
    console.log(`pgbench -b tpcb-like on the same server: ${pgbench.text}`);
    const tps = pgbench.tps ?? 0;
    if (tps > 0) {
      console.log(
        `ratio: sharded single transfers/s ÷ pgbench tps = ${(single.perSecond / tps).toFixed(2)} (each its own transaction)`,
      );
      console.log(`ratio: group-committed single transfers/s ÷ pgbench tps = ${(grouped.perSecond / tps).toFixed(2)}`);
    }
  } else {
    console.log('pgbench: skipped (set DATABASE_URL to compare against PostgreSQL)');
  }
  if (report.violations.length > 0) process.exitCode = 1;
} finally {
  await cleanup();
}
