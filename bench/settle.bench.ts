// How long one lottery round takes to settle on the configured database (DATABASE_URL, else embedded
// PGlite): 10^4, 10^5 and 10^6 bets from 10,000 players, and 10^6 bets from 10^6 distinct players (one
// payout each). Every case uses a round whose result pays three selections of the thirteen (0 or 5), the
// most winners a round can have. The 1-minute room has a 5-second result window.
// BENCH_SETTLE_CASES=bets:players,... chooses the cases; BENCH_LEDGER_GUARDS=off switches the
// database's posting guards off in the scratch database, to measure what they cost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { periodAt } from '@mayur/rules/lottery-rooms';
import { createScratchDatabase } from '../apps/server/test/scratch-database.ts';
import { manualClock } from '../apps/server/src/platform/clock.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import type { AppContext } from '../apps/server/src/platform/context.ts';
import { createGateway } from '../apps/server/src/modules/payments/gateways/create-gateway.ts';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { openPglite } from '../apps/server/src/platform/db/pglite.ts';
import { openPostgres } from '../apps/server/src/platform/db/postgres.ts';
import { memoryRateLimiter } from '../apps/server/src/platform/rate-limit/rate-limiter.ts';
import { HOUSE_SHARD_COUNT, shardedHouseAccountId } from '../apps/server/src/modules/wallet/accounts.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/check-ledger.ts';
import { findSeed } from '../apps/server/src/modules/fairness/chains.ts';
import { openRound } from '../apps/server/src/modules/games/lottery/open-round.ts';
import { chooseRoundPayouts, keepChosenPayouts } from '../apps/server/src/modules/games/lottery/round-payouts.ts';
import { computeResult } from '../apps/server/src/modules/games/lottery/round-result.ts';
import { SETTLEMENT_CONNECTIONS, settleRound } from '../apps/server/src/modules/games/lottery/settle-round.ts';
import { switchOffLedgerGuardsIfAsked } from './support/ledger-guards.ts';

const DEFAULT_CASES = '10000:10000,100000:10000,1000000:10000,1000000:1000000';
const CASES = (process.env.BENCH_SETTLE_CASES ?? DEFAULT_CASES).split(',').map((pair) => {
  const [bets, players] = pair.split(':').map(Number);
  return { bets: bets!, players: players! };
});
const PLAYERS = Math.max(...CASES.map((c) => c.players));
const RESULT_WINDOW_MS = 5_000;
// As the server opens it (open-db.ts): settlement shares the pool with requests.
const POOL_SIZE = 20;

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function openBenchDb(): Promise<{ db: Db; label: string; cleanup(): Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-settle-'));
    const db = await openPglite(dir);
    return {
      db,
      label: 'PGlite (embedded)',
      cleanup: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'mayur_settle');
  const db = await openPostgres(scratch.url, POOL_SIZE);
  return {
    db,
    label: `PostgreSQL (scratch database ${scratch.name})`,
    cleanup: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

const { db, label, cleanup } = await openBenchDb();
try {
  await migrate(db);
  await switchOffLedgerGuardsIfAsked(db);
  const clock = manualClock(new Date(Date.UTC(2026, 10, 21, 12, 0, 0)));
  const config = loadConfig({ NODE_ENV: 'test', LOTTERY_CHAIN_LENGTH: '1000' });
  const ctx: AppContext = {
    config,
    db,
    clock,
    log: pino({ level: 'warn' }),
    limiter: memoryRateLimiter(),
    codeDelivery: { send: async () => {}, close: async () => {} },
    gateway: createGateway(config.payments, clock),
  };
  console.log(
    `database: ${label}; machine: ${os.cpus().length} cores, node ${process.version}; ${PLAYERS.toLocaleString('en')} players; ` +
      `settlement over ${db.kind === 'pglite' ? 1 : SETTLEMENT_CONNECTIONS} connections; load average ${loadAverage()}`,
  );
  await db.query(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     select '7' || lpad(g::text, 9, '0'), 'x', 'Bench', 'S' || lpad(g::text, 7, '0'), now(), now() from generate_series(1, $1) g`,
    [PLAYERS],
  );
  await db.query("insert into ledger_accounts (kind, user_id) select 'cash', id from users");
  for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await shardedHouseAccountId(db, 'room:wingo-1', shard);
  const firstUser = Number((await db.query<{ id: number }>('select min(id) as id from users'))[0]!.id);

  for (const { bets, players } of CASES) {
    const round = await openWorstCaseRound(ctx, clock);
    // Bets spread over every selection and player, as a busy round would have them.
    const insertStarted = performance.now();
    await db.query(
      `insert into lottery_bets (round_id, user_id, selection, contract_money_paise, contract_count, stake_paise, fee_paise, delivery_paise)
       select $1, $2 + (g % $3), (array['green','red','violet','0','1','2','3','4','5','6','7','8','9'])[1 + g % 13], 1000, 1, 1000, 20, 980
       from generate_series(1, $4) g`,
      [round.id, firstUser, players, bets],
    );
    const insertMs = performance.now() - insertStarted;
    await db.query('analyze lottery_bets');
    const loadBefore = loadAverage();
    // As the clock does it: the payouts are chosen when betting closes and posted at the period's end.
    const chooseStarted = performance.now();
    keepChosenPayouts(db, await chooseRoundPayouts(ctx, round.id));
    const chooseMs = performance.now() - chooseStarted;
    const started = performance.now();
    const settled = await settleRound(ctx, round.id, round.endsAtMs);
    const settleMs = performance.now() - started;
    console.log(
      `${bets.toLocaleString('en')} bets from ${players.toLocaleString('en')} players: payouts chosen at betting close in ` +
        `${(chooseMs / 1000).toFixed(2)} s, posted and settled at the reveal in ${(settleMs / 1000).toFixed(2)} s ` +
        `(${((chooseMs + settleMs) / 1000).toFixed(2)} s in all; ${settled!.winners.toLocaleString('en')} winners paid, result ${settled!.result.number}); ` +
        `${chooseMs + settleMs <= RESULT_WINDOW_MS ? 'within' : 'OVER'} the 1-minute room's 5 s window ` +
        `(bets inserted in ${(insertMs / 1000).toFixed(1)} s; load average ${loadBefore} before, ${loadAverage()} after)`,
    );
  }
  const report = await checkLedger(db);
  console.log(
    `ledger check: ${report.transferCount.toLocaleString('en')} transfers, ${report.violations.length === 0 ? 'OK' : report.violations.join('; ')}`,
  );
} finally {
  await cleanup();
}

/**
 * Opens the rounds of successive periods until one's result is 0 or 5, which pay three selections of the
 * thirteen (the number, its colour and violet) instead of two: the most winners a spread of bets can have.
 */
async function openWorstCaseRound(
  ctx: AppContext,
  clock: ReturnType<typeof manualClock>,
): Promise<{ id: bigint; endsAtMs: number }> {
  for (;;) {
    const slot = periodAt('wingo-1', clock.now().getTime());
    await openRound(ctx, 'wingo-1', slot);
    clock.advance(slot.endsAtMs - clock.now().getTime());
    const [round] = await ctx.db.query<{ id: bigint; chain_id: number; chain_index: number; salt: string }>(
      'select r.id, r.chain_id, r.chain_index, c.salt from lottery_rounds r join fair_chains c on c.id = r.chain_id where r.period = $1',
      [slot.period],
    );
    const seed = await findSeed(ctx.db, round!.chain_id, round!.chain_index);
    const { number } = computeResult('wingo', seed, round!.salt);
    if (number === 0 || number === 5) return { id: round!.id, endsAtMs: slot.endsAtMs };
  }
}
