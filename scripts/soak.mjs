// npm run soak [-- --minutes 30 --players 24 --kill-every 60 --pg-restarts 3 --shared-postgres]
//
// A soak with faults on this machine's loopback (decision 0027): deploy/local-cluster.sh runs 3
// nodes (the production build) behind nginx; players bet in every lottery and crash room, cash out,
// recharge in the sandbox, withdraw and redeem gift codes through nginx, while a random node is
// killed with SIGKILL every --kill-every seconds (and started again 5 s later) and PostgreSQL is
// restarted --pg-restarts times. The PostgreSQL is the soak's own cluster (initdb into a scratch
// folder, port 55432), never the machine's shared one; with --shared-postgres it uses the machine's
// (database mayur_soak) and skips the restarts. Bounded: load stops after --minutes, then the
// script waits for the last rounds to settle, checks, stops everything it started and exits.
//
// The end report: ledger:check clean; every acknowledged operation present in the database; every
// bet settled or refunded exactly once; no node dead; requests, errors by code and latency
// percentiles per minute. Exit code 1 when an invariant fails. Not part of npm test.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = process.argv[index + 1];
  return value === undefined || value.startsWith('--') ? true : value;
}

const MINUTES = Number(option('minutes', 30));
const PLAYERS = Number(option('players', 24));
const KILL_EVERY_S = Number(option('kill-every', 60));
const USE_SHARED_PG = option('shared-postgres', false) === true;
const PG_RESTARTS = USE_SHARED_PG ? 0 : Number(option('pg-restarts', 3));
const PORT = Number(option('port', 29080));
const NODES = 3;
if (!(MINUTES > 0 && MINUTES <= 240) || !(PLAYERS > 0 && PLAYERS <= 500)) throw new Error('--minutes 1..240, --players 1..500');

const STAMP = new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), `mayur-soak-${STAMP}-`));
fs.chmodSync(DIR, 0o755);
const PG_PORT = 55432;
const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_DATA = path.join(DIR, 'pg');
const DATABASE_URL = USE_SHARED_PG
  ? 'postgres://postgres@127.0.0.1:5432/mayur_soak'
  : `postgres://postgres@127.0.0.1:${PG_PORT}/mayur_soak`;
const BASE = `http://127.0.0.1:${PORT}`;
const CLUSTER_ENV = {
  ...process.env,
  CLUSTER_DIR: path.join(DIR, 'cluster'),
  CLUSTER_PORT: String(PORT),
  NODES: String(NODES),
  CLUSTER_DATABASE_URL: DATABASE_URL,
  // Many players share one loopback address: generous limits so the soak measures the system, not the throttle.
  CLUSTER_NODE_ENV: 'WITHDRAW_MIN_BANK_RUPEES=100',
};
const WITHDRAW_PASSWORD = '654321';

const log = (...parts) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ---- PostgreSQL of its own ------------------------------------------------------------------

const execFileAsync = promisify(execFile);

/** As asPostgres/cluster, without blocking the load generator's event loop (used while players play). */
async function runAsync(command, args, env = process.env) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = command === 'bash' || !isRoot ? [command, args] : ['runuser', ['-u', 'postgres', '--', command, ...args]];
  return (await execFileAsync(file, argv, { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })).stdout;
}

function pgCtlArgs(action) {
  const options = `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -k ${PG_DATA} -c max_connections=200`;
  return [
    '-D',
    PG_DATA,
    '-l',
    path.join(PG_DATA, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    action,
    ...(action === 'start' ? [] : ['-m', 'fast']),
  ];
}

function asPostgres(command, args) {
  const isRoot = process.getuid?.() === 0;
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

function startOwnPostgres() {
  fs.mkdirSync(PG_DATA, { mode: 0o700 });
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', PG_DATA]);
  asPostgres(`${PG_BIN}/initdb`, ['-D', PG_DATA, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  pgCtl('start');
}

function pgCtl(action) {
  asPostgres(`${PG_BIN}/pg_ctl`, pgCtlArgs(action));
}

// ---- the cluster ----------------------------------------------------------------------------

function cluster(...args) {
  const result = spawnSync('bash', [path.join(ROOT, 'deploy/local-cluster.sh'), ...args], { env: CLUSTER_ENV, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`local-cluster ${args.join(' ')}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

function admin(...args) {
  return adminAs('soak', ...args);
}

/** The CLI as `actor`: a cash gift code waits for a second, different approver (maker-checker). */
function adminAs(actor, ...args) {
  return spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/admin.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL, ADMIN_ACTOR: actor },
    encoding: 'utf8',
  });
}

// ---- measurements ---------------------------------------------------------------------------

const startedAtMs = Date.now();
const minutes = new Map(); // minute index → { requests, outcomes: Map, latencies: [] }
function record(outcome, latencyMs) {
  const minute = Math.floor((Date.now() - startedAtMs) / 60_000);
  let bucket = minutes.get(minute);
  if (!bucket) minutes.set(minute, (bucket = { requests: 0, outcomes: new Map(), latencies: [] }));
  bucket.requests += 1;
  bucket.outcomes.set(outcome, (bucket.outcomes.get(outcome) ?? 0) + 1);
  bucket.latencies.push(latencyMs);
}
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

const acknowledged = { crashBets: [], lotteryBets: [], deposits: [], paidDeposits: [], withdrawals: [], gifts: [], cashOuts: [] };
const faults = [];

/** One API call through nginx, as the app makes it; network failures and 5xx are retried with the same request key. */
async function call(endpoint, body, player, attempts = 4) {
  for (let attempt = 1; ; attempt++) {
    const began = performance.now();
    let outcome;
    let answer;
    try {
      const response = await fetch(`${BASE}/api${endpoint}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': player?.ip ?? '10.0.0.1',
          ...(player?.token ? { authorization: player.token } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      try {
        answer = JSON.parse(text);
      } catch {
        answer = { res: -1 };
      }
      outcome = answer.res === 1 ? 'ok' : (answer.code ?? `http_${response.status}`);
      if (response.status >= 500) outcome = answer.code ?? `http_${response.status}`;
    } catch (error) {
      outcome = `network_${error.name === 'TimeoutError' ? 'timeout' : 'error'}`;
    }
    record(outcome, performance.now() - began);
    const isRetryable =
      outcome.startsWith('network_') || outcome.startsWith('http_5') || outcome === 'TRY_AGAIN' || outcome === 'BUSY';
    if (!isRetryable || attempt >= attempts) return answer ?? { res: -1, code: outcome };
    await sleep(300 * attempt);
  }
}

// ---- players --------------------------------------------------------------------------------

async function latestCode(mobile) {
  for (let tries = 0; tries < 20; tries++) {
    const response = await fetch(`${BASE}/dev/outbox`).catch(() => null);
    const rows = response?.ok ? await response.json() : [];
    const row = rows.find((candidate) => candidate.to.endsWith(mobile));
    if (row) return row.code;
    await sleep(250);
  }
  throw new Error(`no code for ${mobile}`);
}

async function registerPlayer(index, db, withdrawHash) {
  const mobile = `95${String(Date.now() % 100_000).padStart(5, '0')}${String(index).padStart(3, '0')}`;
  const player = { index, mobile, ip: `10.77.${index >> 8}.${index & 255}`, token: '', userId: 0, bankCardId: 0 };
  const sent = await call('/smsserver/getCode', { mobile }, player);
  if (sent.res !== 1) throw new Error(`getCode refused for ${mobile}: ${sent.code}`);
  const code = await latestCode(mobile);
  const session = await call(
    '/user/regist',
    { mobile, password: 'Soak@12345', code, ageConfirmed: true, riskAccepted: true },
    player,
  );
  if (session.res !== 1) throw new Error(`registration refused for ${mobile}: ${session.code}`);
  player.token = session.obj.token;
  player.userId = session.obj.user.id;
  // Setup only: the withdrawal password is set directly (through the API it needs a second code, which is rate limited per number).
  await db.query('update users set withdraw_password_hash = $2 where id = $1', [player.userId, withdrawHash]);
  const card = await call(
    '/cash/addBankCard',
    {
      kind: 'bank',
      actualName: 'Soak Player',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
      bankAccount: `1234567${String(index).padStart(5, '0')}`,
      email: `soak${index}@example.in`,
      mobile: '9876543210',
      withdrawPassword: WITHDRAW_PASSWORD,
    },
    player,
  );
  if (card.res !== 1) throw new Error(`addBankCard refused: ${card.code}`);
  player.bankCardId = card.obj.id;
  return player;
}

async function recharge(player) {
  const order = await call('/cash/payNew', { amount: '300', method: 'upi', requestKey: randomUUID() }, player);
  if (order.res !== 1) return;
  acknowledged.deposits.push(order.obj.orderNo);
  const url = new URL(order.obj.payUrl, BASE);
  const began = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': player.ip },
      body: new URLSearchParams({ t: url.searchParams.get('t') ?? '', action: 'pay' }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    record(response.status === 303 ? 'ok' : `http_${response.status}`, performance.now() - began);
    if (response.status === 303) acknowledged.paidDeposits.push(order.obj.orderNo);
  } catch {
    record('network_error', performance.now() - began);
  }
}

const LOTTERY = [
  {
    room: 'wingo-1',
    period: { endpoint: '/wingo/getPeriod', body: { min: 60 } },
    pour: (p) => ['/wingo/pour', { min: 60, ...p }],
  },
  {
    room: 'wingo-3',
    period: { endpoint: '/wingo/getPeriod', body: { min: 180 } },
    pour: (p) => ['/wingo/pour', { min: 180, ...p }],
  },
  {
    room: 'wingo-5',
    period: { endpoint: '/wingo/getPeriod', body: { min: 300 } },
    pour: (p) => ['/wingo/pour', { min: 300, ...p }],
  },
  ...['parity', 'sapre', 'bcone', 'emerd'].map((room) => ({
    room,
    period: { endpoint: '/lottery/getPeriod', body: { room } },
    pour: (p) => ['/lottery/pour', { room, ...p }],
  })),
  {
    room: 'bitgame',
    period: { endpoint: '/bitgame/getPeriod', body: {} },
    pour: (p) => ['/bitgame/pour', { period: p.period, select: pick(['big', 'small']), amount: '2', requestKey: p.requestKey }],
  },
];
const CRASH_ROOMS = ['limbo', 'limbo1', 'limbo3', 'crash'];

async function lotteryBet(player, loadEndsAtMs) {
  const room = pick(LOTTERY);
  const state = await call(room.period.endpoint, room.period.body, player);
  if (state.res !== 1 || state.obj.state !== 'betting') return;
  // Only periods that end soon after the load stops, so the soak's end waits at most a minute for results.
  if (state.obj.endsAtMs > loadEndsAtMs + 65_000) return;
  const [endpoint, body] = room.pour({
    period: state.obj.period,
    select: pick(['green', 'red', 'violet', '3', '7']),
    contractMoney: '2',
    contractCount: 1,
    agree: true,
    requestKey: randomUUID(),
  });
  const placed = await call(endpoint, body, player);
  if (placed.res === 1) acknowledged.lotteryBets.push(placed.obj.bet.id);
}

async function crashBet(player) {
  const room = pick(CRASH_ROOMS);
  const isAuto = Math.random() < 0.5;
  const amount = room === 'limbo3' ? '10' : '2';
  const placed = await call(
    '/gameroket/pour',
    {
      room,
      amount,
      ...(isAuto ? { autoCashoutX100: pick([120, 150, 200, 500]) } : {}),
      slot: room === 'crash' ? 1 : pick([1, 2]),
      requestKey: randomUUID(),
    },
    player,
  );
  if (placed.res !== 1) return;
  const betId = placed.obj.bet.id;
  acknowledged.crashBets.push(betId);
  if (isAuto) return;
  // Cash out by hand a little after take-off (or find it crashed first: that is a loss, not an error).
  for (let polls = 0; polls < 60; polls++) {
    const current = await call('/gameroket/getCurrent', { room }, player);
    if (current.res === 1 && current.obj.phase === 'flying' && current.obj.roundId === placed.obj.bet.roundId) {
      await sleep(Math.random() * 1_500);
      const cashed = await call('/gameroket/doSettle', { betId }, player, 1);
      if (cashed.res === 1) acknowledged.cashOuts.push(String(betId));
      return;
    }
    if (current.res === 1 && current.obj.phase === 'crashed' && current.obj.roundId === placed.obj.bet.roundId) return;
    await sleep(400);
  }
}

async function withdraw(player) {
  const answer = await call(
    '/cash/withdrawNew',
    { amount: '100', bankCardId: player.bankCardId, withdrawPassword: WITHDRAW_PASSWORD, requestKey: randomUUID() },
    player,
  );
  if (answer.res === 1) acknowledged.withdrawals.push(answer.obj.withdrawNo);
}

async function redeem(player, codes) {
  const code = codes[player.giftsUsed ?? 0];
  if (!code) return;
  player.giftsUsed = (player.giftsUsed ?? 0) + 1;
  const answer = await call('/cash/redeemGift', { code }, player);
  if (answer.res === 1) acknowledged.gifts.push({ code, userId: player.userId });
}

async function playerLoop(player, loadEndsAtMs, codes) {
  await recharge(player);
  await redeem(player, codes);
  while (Date.now() < loadEndsAtMs) {
    const roll = Math.random();
    if (roll < 0.4) await crashBet(player);
    else if (roll < 0.8) await lotteryBet(player, loadEndsAtMs);
    else if (roll < 0.88) await recharge(player);
    else if (roll < 0.94) await withdraw(player);
    else if (roll < 0.97) await redeem(player, codes);
    else await call('/user/findUserInfo', {}, player);
    await sleep(200 + Math.random() * 600);
  }
}

// ---- faults ---------------------------------------------------------------------------------

async function faultLoop(loadEndsAtMs) {
  const pgRestartAtMs = Array.from(
    { length: PG_RESTARTS },
    (_, k) => startedAtMs + ((k + 1) * (loadEndsAtMs - startedAtMs)) / (PG_RESTARTS + 1),
  );
  let nextKillMs = Date.now() + KILL_EVERY_S * 1_000;
  while (Date.now() < loadEndsAtMs) {
    if (pgRestartAtMs.length && Date.now() >= pgRestartAtMs[0]) {
      pgRestartAtMs.shift();
      const began = Date.now();
      await runAsync(`${PG_BIN}/pg_ctl`, pgCtlArgs('restart'));
      faults.push({ atS: Math.round((began - startedAtMs) / 1000), fault: 'postgres restart', tookMs: Date.now() - began });
      log(`PostgreSQL restarted in ${Date.now() - began} ms`);
    }
    if (Date.now() >= nextKillMs) {
      nextKillMs += KILL_EVERY_S * 1_000;
      const node = 1 + Math.floor(Math.random() * NODES);
      const began = Date.now();
      const script = path.join(ROOT, 'deploy/local-cluster.sh');
      await runAsync('bash', [script, 'kill-node', String(node)], CLUSTER_ENV);
      await sleep(5_000);
      await runAsync('bash', [script, 'start-node', String(node)], CLUSTER_ENV);
      faults.push({
        atS: Math.round((began - startedAtMs) / 1000),
        fault: `SIGKILL node ${node}`,
        backAfterMs: Date.now() - began,
      });
      log(`node ${node} killed and back after ${Date.now() - began} ms`);
    }
    await sleep(500);
  }
}

// ---- checks ---------------------------------------------------------------------------------

async function check(db) {
  const problems = [];
  const numbers = {};
  const ledger = admin('ledger:check');
  numbers.ledgerCheck = ledger.stdout.trim().split('\n');
  if (ledger.status !== 0) problems.push(`ledger:check failed: ${ledger.stdout}${ledger.stderr}`);

  const crashIds = acknowledged.crashBets.map(String);
  const crash = await db.query(
    `select b.id::text, b.status,
            (select count(*) from ledger_transfers t
              where t.idempotency_key in ('crash-win:' || b.id, 'crash-refund:' || b.id, 'crash-cancel:' || b.id))::int as settlements
     from crash_bets b where b.id = any($1::bigint[])`,
    [crashIds],
  );
  numbers.crashBets = { acknowledged: crashIds.length, found: crash.rowCount, byStatus: {} };
  for (const row of crash.rows) {
    numbers.crashBets.byStatus[row.status] = (numbers.crashBets.byStatus[row.status] ?? 0) + 1;
    const expected = row.status === 'lost' ? 0 : 1;
    if (!['cashed_out', 'lost', 'refunded', 'cancelled'].includes(row.status))
      problems.push(`crash bet ${row.id} still ${row.status}`);
    else if (row.settlements !== expected)
      problems.push(`crash bet ${row.id} (${row.status}) has ${row.settlements} settlement transfers, expected ${expected}`);
  }
  if (crash.rowCount !== crashIds.length) problems.push(`${crashIds.length - crash.rowCount} acknowledged crash bets missing`);

  const lotteryIds = acknowledged.lotteryBets.map(String);
  const lottery = await db.query(
    `select count(*)::int as found, count(*) filter (where r.state <> 'settled')::int as unsettled
     from lottery_bets b join lottery_rounds r on r.id = b.round_id where b.id = any($1::bigint[])`,
    [lotteryIds],
  );
  numbers.lotteryBets = { acknowledged: lotteryIds.length, ...lottery.rows[0] };
  if (lottery.rows[0].found !== lotteryIds.length)
    problems.push(`${lotteryIds.length - lottery.rows[0].found} acknowledged lottery bets missing`);
  if (lottery.rows[0].unsettled > 0) problems.push(`${lottery.rows[0].unsettled} acknowledged lottery bets in unsettled rounds`);
  // One payout per player and round at most (the payout's key is unique), and the rounds settled once.
  const doublePayouts = await db.query(
    `select idempotency_key from ledger_transfers where idempotency_key like 'payout:%' group by idempotency_key having count(*) > 1`,
  );
  if (doublePayouts.rowCount > 0) problems.push(`${doublePayouts.rowCount} lottery payouts posted twice`);

  const deposits = await db.query(`select order_no, status from deposit_orders where order_no = any($1)`, [
    acknowledged.deposits,
  ]);
  const depositStatus = new Map(deposits.rows.map((row) => [row.order_no, row.status]));
  numbers.deposits = {
    acknowledged: acknowledged.deposits.length,
    found: deposits.rowCount,
    paidAtSandbox: acknowledged.paidDeposits.length,
    completed: deposits.rows.filter((row) => row.status === 'completed').length,
  };
  if (deposits.rowCount !== acknowledged.deposits.length)
    problems.push(`${acknowledged.deposits.length - deposits.rowCount} acknowledged recharge orders missing`);
  const paidNotCompleted = acknowledged.paidDeposits.filter((orderNo) => depositStatus.get(orderNo) !== 'completed');
  numbers.deposits.paidButNotCompleted = paidNotCompleted.length;
  const credited = await db.query(
    `select count(*)::int as credits, count(distinct reference)::int as orders from ledger_transfers where reason = 'deposit' and reference = any($1)`,
    [acknowledged.deposits],
  );
  numbers.deposits.creditTransfers = credited.rows[0];
  // Each completed order credited exactly once (key deposit:<orderNo>), however often the sandbox or a retry called back.
  if (credited.rows[0].credits !== numbers.deposits.completed || credited.rows[0].orders !== numbers.deposits.completed)
    problems.push(
      `${numbers.deposits.completed} completed recharge orders but ${credited.rows[0].credits} credits to ${credited.rows[0].orders} orders`,
    );

  const withdrawals = await db.query(`select withdraw_no, status from withdrawals where withdraw_no = any($1)`, [
    acknowledged.withdrawals,
  ]);
  numbers.withdrawals = { acknowledged: acknowledged.withdrawals.length, found: withdrawals.rowCount };
  if (withdrawals.rowCount !== acknowledged.withdrawals.length)
    problems.push(`${acknowledged.withdrawals.length - withdrawals.rowCount} acknowledged withdrawals missing`);

  const gifts = await db.query(
    `select count(*)::int as found from gift_redemptions where (code, user_id) in (select * from unnest($1::text[], $2::int[]))`,
    [acknowledged.gifts.map((gift) => gift.code), acknowledged.gifts.map((gift) => gift.userId)],
  );
  numbers.gifts = { acknowledged: acknowledged.gifts.length, found: gifts.rows[0].found };
  if (gifts.rows[0].found !== acknowledged.gifts.length)
    problems.push(`${acknowledged.gifts.length - gifts.rows[0].found} acknowledged gift redemptions missing`);
  // An acknowledged cash-out is a win, whatever happened to the node or the database afterwards.
  const cashedOut = new Set(crash.rows.filter((row) => row.status === 'cashed_out').map((row) => row.id));
  const lostCashOuts = acknowledged.cashOuts.filter((betId) => !cashedOut.has(betId));
  numbers.cashOuts = { acknowledged: acknowledged.cashOuts.length, notCashedOut: lostCashOuts.length };
  if (lostCashOuts.length) problems.push(`acknowledged cash-outs not cashed out: ${lostCashOuts.slice(0, 10).join(', ')}`);

  const status = cluster('status');
  numbers.nodes = status.trim().split('\n');
  const dead = numbers.nodes.filter((line) => / down$/.test(line));
  if (dead.length) problems.push(`dead at the end: ${dead.join('; ')}`);
  return { problems, numbers };
}

async function waitSettled(db, limitMs) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const [crash, lottery] = await Promise.all([
      db.query(`select count(*)::int as open from crash_bets where id = any($1::bigint[]) and status in ('queued', 'open')`, [
        acknowledged.crashBets.map(String),
      ]),
      db.query(
        `select count(*)::int as open from lottery_bets b join lottery_rounds r on r.id = b.round_id where b.id = any($1::bigint[]) and r.state <> 'settled'`,
        [acknowledged.lotteryBets.map(String)],
      ),
    ]);
    if (crash.rows[0].open === 0 && lottery.rows[0].open === 0) return;
    await sleep(2_000);
  }
}

// ---- main -----------------------------------------------------------------------------------

function report(result) {
  const rows = [...minutes.entries()].sort(([a], [b]) => a - b);
  const lines = ['minute  requests  req/s   p50 ms   p99 ms  errors by code'];
  const total = { requests: 0, outcomes: new Map(), latencies: [] };
  for (const [minute, bucket] of rows) {
    const sorted = bucket.latencies.sort((a, b) => a - b);
    const errors = [...bucket.outcomes].filter(([outcome]) => outcome !== 'ok').map(([outcome, count]) => `${outcome}:${count}`);
    lines.push(
      `${String(minute + 1).padStart(6)}  ${String(bucket.requests).padStart(8)}  ${(bucket.requests / 60).toFixed(1).padStart(5)}  ${percentile(sorted, 50).toFixed(1).padStart(7)}  ${percentile(sorted, 99).toFixed(1).padStart(7)}  ${errors.join(' ') || '-'}`,
    );
    total.requests += bucket.requests;
    for (const [outcome, count] of bucket.outcomes) total.outcomes.set(outcome, (total.outcomes.get(outcome) ?? 0) + count);
    total.latencies.push(...sorted);
  }
  total.latencies.sort((a, b) => a - b);
  const summary = {
    minutes: MINUTES,
    players: PLAYERS,
    requests: total.requests,
    requestsPerSecond: Number((total.requests / (MINUTES * 60)).toFixed(1)),
    p50Ms: Number(percentile(total.latencies, 50).toFixed(1)),
    p99Ms: Number(percentile(total.latencies, 99).toFixed(1)),
    outcomes: Object.fromEntries([...total.outcomes].sort((a, b) => b[1] - a[1])),
    faults,
    ...result.numbers,
    problems: result.problems,
  };
  fs.writeFileSync(path.join(DIR, 'report.json'), JSON.stringify(summary, null, 2));
  console.log(`\n${lines.join('\n')}\n`);
  console.log(JSON.stringify(summary, null, 2));
  console.log(`\nreport: ${path.join(DIR, 'report.json')}; logs: ${path.join(DIR, 'cluster')}`);
}

let isOwnPgStarted = false;
let isClusterStarted = false;
async function main() {
  log(
    `soak: ${MINUTES} min, ${PLAYERS} players, a node killed every ${KILL_EVERY_S} s, ${PG_RESTARTS} PostgreSQL restarts; state in ${DIR}`,
  );
  if (!USE_SHARED_PG) {
    startOwnPostgres();
    isOwnPgStarted = true;
    log(`own PostgreSQL on 127.0.0.1:${PG_PORT}`);
  }
  isClusterStarted = true;
  cluster('start');
  log(`cluster up at ${BASE}`);
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  db.on('error', () => undefined);
  try {
    const codes = [];
    for (let k = 0; k < 3; k++) {
      const created = admin('gift:create', '--amount', '20', '--uses', String(PLAYERS), '--to', 'cash');
      if (created.status !== 0) throw new Error(`gift:create: ${created.stdout}${created.stderr}`);
      const code = created.stdout.trim().split('\n').at(-1);
      const approved = adminAs('soak-checker', 'gift:approve', '--code', code);
      if (approved.status !== 0) throw new Error(`gift:approve: ${approved.stdout}${approved.stderr}`);
      codes.push(code);
    }
    const withdrawHash = await hash(WITHDRAW_PASSWORD);
    const players = [];
    for (let index = 0; index < PLAYERS; index++) players.push(await registerPlayer(index + 1, db, withdrawHash));
    log(`${players.length} players registered; load for ${MINUTES} min`);
    const loadEndsAtMs = Date.now() + MINUTES * 60_000;
    const ticker = setInterval(() => {
      const minute = minutes.get(Math.floor((Date.now() - startedAtMs) / 60_000));
      if (minute)
        log(
          `${minute.requests} requests this minute; acknowledged: ${acknowledged.crashBets.length} crash bets, ${acknowledged.lotteryBets.length} lottery bets`,
        );
    }, 30_000);
    await Promise.all([...players.map((player) => playerLoop(player, loadEndsAtMs, codes)), faultLoop(loadEndsAtMs)]);
    clearInterval(ticker);
    log('load stopped; waiting for the last rounds to settle');
    await waitSettled(db, 150_000);
    const result = await check(db);
    report(result);
    return result.problems.length === 0 ? 0 : 1;
  } finally {
    await db.end().catch(() => undefined);
  }
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`soak failed: ${error.stack ?? error}`);
} finally {
  if (isClusterStarted) {
    try {
      cluster('stop');
    } catch (error) {
      console.error(`stopping the cluster: ${error.message}`);
    }
  }
  if (isOwnPgStarted) {
    try {
      pgCtl('stop');
    } catch (error) {
      console.error(`stopping PostgreSQL: ${error.message}`);
    }
  }
}
log(exitCode === 0 ? 'PASS: every invariant held' : 'FAIL: see the problems above');
process.exit(exitCode);
