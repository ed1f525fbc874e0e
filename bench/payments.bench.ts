// Payments under load on the configured database (DATABASE_URL, else embedded PGlite), over real HTTP
// on loopback: authentic deposit callbacks for distinct orders (credits per second, latency), a storm
// of one replayed event (must credit once), and withdrawal requests (each verifies an argon2 password).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createScratchDatabase } from '../apps/server/test/scratch-database.ts';
import { buildServer } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { openPglite } from '../apps/server/src/platform/db/pglite.ts';
import { openPostgres } from '../apps/server/src/platform/db/postgres.ts';
import { signedHeaders } from '../apps/server/src/platform/http/hmac-signature.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { checkLedger } from '../apps/server/src/modules/wallet/check-ledger.ts';

const ORDERS = Number(process.env.BENCH_PAYMENTS_ORDERS ?? 2_000);
const REPLAYS = Number(process.env.BENCH_PAYMENTS_REPLAYS ?? 1_000);
const WITHDRAWALS = Number(process.env.BENCH_PAYMENTS_WITHDRAWALS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_PAYMENTS_CONCURRENCY ?? 16);

async function openBenchDb(): Promise<{ db: Db; label: string; cleanup(): Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-payments-'));
    const db = await openPglite(dir);
    return { db, label: 'PGlite (embedded)', cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'mayur_payments');
  const db = await openPostgres(scratch.url, 10);
  return { db, label: `PostgreSQL (scratch database ${scratch.name})`, cleanup: () => scratch.drop() };
}

/** Runs `count` tasks with `CONCURRENCY` in flight; returns the wall time and each task's latency. */
async function load(count: number, task: (index: number) => Promise<void>) {
  const latenciesMs: number[] = [];
  let next = 0;
  const startedMs = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++;
        const t0 = performance.now();
        await task(index);
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  latenciesMs.sort((a, b) => a - b);
  const at = (q: number) => latenciesMs[Math.min(latenciesMs.length - 1, Math.floor(q * latenciesMs.length))]!.toFixed(1);
  const seconds = (performance.now() - startedMs) / 1000;
  return `${count} in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)}/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

const { db, label, cleanup } = await openBenchDb();
const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
const server = await buildServer(config, { db });
try {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const players = Math.max(ORDERS, WITHDRAWALS);
  console.log(`database: ${label}; machine: ${os.cpus().length} cores, node ${process.version}; concurrency ${CONCURRENCY}`);

  await db.query(
    `insert into users (mobile, password_hash, nick_name, promotion_code, age_confirmed_at, risk_accepted_at, withdraw_password_hash)
     select '8' || lpad(i::text, 9, '0'), 'x', 'Bench', 'B' || i, now(), now(), $2
     from generate_series(1, $1::int) i`,
    [players, await server.hasher.hash('654321')],
  );
  await db.query("insert into ledger_accounts (kind, user_id) select k, id from users, unnest(array['cash', 'bonus']) k");
  await db.query(
    `insert into deposit_orders (order_no, user_id, method, provider, amount_paise)
     select 'R' || lpad(id::text, 20, '0'), id, 'upi', 'sandbox', 50000 from users order by id limit $1`,
    [ORDERS],
  );
  const orderNumbers = (await db.query<{ order_no: string }>('select order_no from deposit_orders order by id')).map(
    (row) => row.order_no,
  );

  const postEvent = async (body: object) => {
    const raw = JSON.stringify(body);
    const response = await fetch(`${baseUrl}/api/pay/callback/sandbox`, {
      method: 'POST',
      headers: signedHeaders(config.payments.sandboxSecret, Date.now(), raw),
      body: raw,
    });
    return (await response.json()) as { outcome?: string };
  };
  const event = (orderNo: string, eventId = `bench-${orderNo}`) => ({
    eventId,
    type: 'deposit',
    orderNo,
    status: 'paid',
    amount: '500.00',
    currency: 'INR',
  });

  console.log(
    `deposit callbacks, distinct orders: ${await load(ORDERS, async (i) => void (await postEvent(event(orderNumbers[i]!))))}`,
  );
  let credited = 0;
  const storm = await load(REPLAYS, async () => {
    if ((await postEvent(event(orderNumbers[0]!, 'bench-storm'))).outcome === 'credited') credited++;
  });
  console.log(`one event replayed ${REPLAYS}×: ${storm}; new credits: ${credited} (order already credited, so 0 expected)`);

  const userIds = (await db.query<{ id: number }>('select id from users order by id limit $1', [WITHDRAWALS])).map(
    (row) => row.id,
  );
  await db.query(
    `insert into payout_accounts (user_id, kind, actual_name, ifsc_code, bank_name, bank_account, email, mobile)
     select id, 'bank', 'Bench', 'HDFC0001234', 'HDFC', lpad(id::text, 12, '9'), 'b@x.in', '9876543210' from users where id = any($1)`,
    [userIds],
  );
  const tokens = await Promise.all(
    userIds.map((id) => createSession(db, server.ctx.clock, config.sessionTtlMs, id, { ip: '127.0.0.1', userAgent: 'bench' })),
  );
  const cards = new Map(
    (await db.query<{ id: number; user_id: number }>('select id, user_id from payout_accounts')).map((r) => [r.user_id, r.id]),
  );
  let refused = 0;
  const withdrawals = await load(WITHDRAWALS, async (i) => {
    const response = await fetch(`${baseUrl}/api/cash/withdrawNew`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: tokens[i]! },
      body: JSON.stringify({ amount: '300', bankCardId: cards.get(userIds[i]!), withdrawPassword: '654321' }),
    });
    if (((await response.json()) as { res: number }).res !== 1) refused++;
  });
  console.log(`withdrawal requests (argon2 m=19 MiB t=2 each): ${withdrawals}; refused: ${refused}`);

  const report = await checkLedger(db);
  console.log(`ledger: ${report.violations.length === 0 ? 'balanced' : `VIOLATIONS ${report.violations.join('; ')}`}`);
} finally {
  await server.close();
  await db.close();
  await cleanup();
}
