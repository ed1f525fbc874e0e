// How long one lottery round takes to settle with 10^4, 10^5 and 10^6 bets on the configured database
// (DATABASE_URL, else embedded PGlite). The 1-minute room has a 5-second result window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { periodAt } from '@mayur/contracts';
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
import { openRound } from '../apps/server/src/modules/games/lottery/open-round.ts';
import { settleRound } from '../apps/server/src/modules/games/lottery/settle-round.ts';

const SIZES = (process.env.BENCH_SETTLE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const PLAYERS = Number(process.env.BENCH_SETTLE_PLAYERS ?? 10_000);
const RESULT_WINDOW_MS = 5_000;

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
  const db = await openPostgres(scratch.url, 4);
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
    `database: ${label}; machine: ${os.cpus().length} cores, node ${process.version}; ${PLAYERS.toLocaleString('en')} players`,
  );
  await db.query(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at)
     select '7' || lpad(g::text, 9, '0'), 'x', 'Bench', 'S' || lpad(g::text, 7, '0'), now(), now() from generate_series(1, $1) g`,
    [PLAYERS],
  );
  await db.query("insert into ledger_accounts (kind, user_id) select 'cash', id from users");
  for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await shardedHouseAccountId(db, 'room:wingo-1', shard);
  const firstUser = Number((await db.query<{ id: number }>('select min(id) as id from users'))[0]!.id);

  for (const size of SIZES) {
    const slot = periodAt('wingo-1', clock.now().getTime());
    await openRound(ctx, 'wingo-1', slot);
    const [round] = await db.query<{ id: bigint }>('select id from lottery_rounds where period = $1', [slot.period]);
    // Bets spread over every selection and player, as a busy round would have them.
    const insertStarted = performance.now();
    await db.query(
      `insert into lottery_bets (round_id, user_id, selection, contract_money_paise, contract_count, stake_paise, fee_paise, delivery_paise)
       select $1, $2 + (g % $3), (array['green','red','violet','0','1','2','3','4','5','6','7','8','9'])[1 + g % 13], 1000, 1, 1000, 20, 980
       from generate_series(1, $4) g`,
      [round!.id, firstUser, PLAYERS, size],
    );
    const insertMs = performance.now() - insertStarted;
    clock.advance(60_000);
    const started = performance.now();
    const settled = await settleRound(ctx, round!.id, clock.now().getTime());
    const settleMs = performance.now() - started;
    console.log(
      `${size.toLocaleString('en')} bets: settled in ${(settleMs / 1000).toFixed(2)} s (${settled!.winners.toLocaleString('en')} winners paid, result ${settled!.result.number}); ` +
        `${settleMs <= RESULT_WINDOW_MS ? 'within' : 'OVER'} the 1-minute room's 5 s window (bets inserted in ${(insertMs / 1000).toFixed(1)} s)`,
    );
  }
  const report = await checkLedger(db);
  console.log(
    `ledger check: ${report.transferCount.toLocaleString('en')} transfers, ${report.violations.length === 0 ? 'OK' : report.violations.join('; ')}`,
  );
} finally {
  await cleanup();
}
