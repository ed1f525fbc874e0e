// npm run soak:failover — the local cluster check (decision 0027), about two minutes, for CI:
// 3 nodes behind nginx (deploy/local-cluster.sh) on the machine's PostgreSQL and Redis.
//  1. A socket connected to node A (not the clock leader) sees crash rounds driven by leader B
//     (events cross nodes through Redis).
//  2. SIGKILL the leader: another node holds the game clock within 5 s, and rounds go on (the
//     socket on A sees a new round).
//  3. Win Go bets sent through nginx all along are each answered with the API's envelope: accepted, or a
//     clear refusal such as TRY_AGAIN (never a bare 502 or a dropped connection).
// The nodes run as the recipe's role that owns no table (decision 0032): they connect as it, and it
// cannot empty the audit log.
// Uses its own database (created, then dropped) and its own Redis names; stops what it started.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = 30080;
const NAME = `mayur_failover_${process.pid}`;
const BASE_URL = 'postgres://postgres@127.0.0.1:5432';
const TOKEN = 'local-cluster-metrics-token-0123456789';
const ENV = {
  ...process.env,
  CLUSTER_DIR: path.join(os.tmpdir(), `mayur-failover-${process.pid}`),
  CLUSTER_PORT: String(PORT),
  CLUSTER_DATABASE_URL: `${BASE_URL}/${NAME}`,
  CLUSTER_DEPLOYMENT_NAME: `mayur-failover-${process.pid}`,
};
const FAILOVER_LIMIT_MS = 5_000;
/** local-cluster.sh's default role for its nodes. */
const APP_ROLE = 'mayur_local_app';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (...parts) => console.log(`[failover ${new Date().toISOString().slice(11, 23)}]`, ...parts);

function cluster(...args) {
  const result = spawnSync('bash', [path.join(ROOT, 'deploy/local-cluster.sh'), ...args], { env: ENV, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`local-cluster ${args.join(' ')}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The roles the nodes are connected as, and what that role gets when it tries to empty the audit log. */
async function nodeRole() {
  const owner = new pg.Client({ connectionString: `${BASE_URL}/postgres` });
  await owner.connect();
  const { rows } = await owner.query(
    'select distinct usename from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() order by 1',
    [NAME],
  );
  await owner.end();
  const app = new pg.Client({ connectionString: `postgres://${APP_ROLE}@127.0.0.1:5432/${NAME}` });
  await app.connect();
  const truncate = await app.query('truncate admin_audit_log').then(
    () => 'truncated',
    (error) => error.message,
  );
  await app.end();
  return { roles: rows.map((row) => row.usename), truncate };
}

async function leaders() {
  const found = [];
  for (const node of [1, 2, 3]) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT + node}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
        signal: AbortSignal.timeout(1_000),
      });
      if (/^mayur_clock_leader 1$/m.test(await response.text())) found.push(node);
    } catch {
      // a dead node leads nothing
    }
  }
  return found;
}

async function api(endpoint, body, token) {
  const response = await fetch(`http://127.0.0.1:${PORT}/api${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.99.0.1', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

async function player() {
  const mobile = `94${String(process.pid).padStart(8, '0').slice(-8)}`;
  await api('/smsserver/getCode', { mobile });
  const outbox = await (await fetch(`http://127.0.0.1:${PORT}/dev/outbox`)).json();
  const code = outbox.find((row) => row.to.endsWith(mobile)).code;
  const session = await api('/user/regist', { mobile, password: 'Fail@12345', code, ageConfirmed: true, riskAccepted: true });
  const token = session.body.obj.token;
  const order = await api('/cash/payNew', { amount: '1000', method: 'upi' }, token);
  const url = new URL(order.body.obj.payUrl, `http://127.0.0.1:${PORT}`);
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: url.searchParams.get('t'), action: 'pay' }).toString(),
    redirect: 'manual',
  });
  return token;
}

/** The next round, flying or crashed event in any crash room (a round can fly for a while). */
function nextRoundEvent(socket, limitMs) {
  const events = ['round', 'flying', 'crashed'];
  return new Promise((resolve, reject) => {
    const listeners = events.map((event) => [event, (data) => finish(null, { event, ...data })]);
    const timer = setTimeout(() => finish(new Error(`no crash round event within ${limitMs} ms`)), limitMs);
    function finish(error, data) {
      clearTimeout(timer);
      for (const [event, listener] of listeners) socket.off(event, listener);
      if (error) reject(error);
      else resolve(data);
    }
    for (const [event, listener] of listeners) socket.on(event, listener);
  });
}

const problems = [];
let socket;
try {
  cluster('start');
  let [leader] = await leaders();
  for (let tries = 0; !leader && tries < 50; tries++) [leader] = (await sleep(200), await leaders());
  if (!leader) throw new Error('no clock leader after start');
  const nodeA = [1, 2, 3].find((node) => node !== leader);
  log(`leader: node ${leader}; socket on node ${nodeA}`);
  const role = await nodeRole();
  log(`nodes connect as ${role.roles.join(', ')}; its TRUNCATE of the audit log: ${role.truncate}`);
  if (role.roles.join() !== APP_ROLE) problems.push(`nodes connect as ${role.roles.join(', ')}, not only ${APP_ROLE}`);
  if (!role.truncate.includes('permission denied')) problems.push(`${APP_ROLE} could truncate the audit log: ${role.truncate}`);

  socket = io(`http://127.0.0.1:${PORT + nodeA}/crash`, { path: '/socket.io', transports: ['websocket'] });
  socket.on('connect', () => ['limbo', 'limbo1', 'limbo3', 'crash'].forEach((room) => socket.emit('subscribe', room)));
  const first = await nextRoundEvent(socket, 60_000);
  log(`node ${nodeA} pushed ${first.event} of ${first.room} round ${first.roundId} driven by node ${leader}`);

  const token = await player();
  const answers = [];
  let isBetting = true;
  // Win Go 1-minute bets (any number per period) through nginx, all along the move.
  const betting = (async () => {
    let period = null;
    while (isBetting) {
      try {
        if (!period || Date.now() > period.bettingClosesAtMs - 1_000) {
          const state = await api('/wingo/getPeriod', { min: 60 }, token);
          period = state.body.res === 1 && state.body.obj.state === 'betting' ? state.body.obj : null;
        }
        if (period) {
          const answer = await api(
            '/wingo/pour',
            {
              min: 60,
              period: period.period,
              select: 'red',
              contractMoney: '2',
              contractCount: 1,
              agree: true,
              requestKey: randomUUID(),
            },
            token,
          );
          answers.push(answer.body.res === 1 ? 'ok' : (answer.body.code ?? `http_${answer.status}`));
        }
      } catch (error) {
        answers.push(`not answered: ${error.name}`);
      }
      await sleep(150);
    }
  })();

  await sleep(2_000);
  const killedAtMs = Date.now();
  cluster('kill-node', String(leader));
  let next = [];
  while (next.length === 0 && Date.now() - killedAtMs < 15_000) {
    await sleep(100);
    next = await leaders();
  }
  const failoverMs = Date.now() - killedAtMs;
  log(`leader node ${leader} killed; node ${next.join(',') || 'none'} leads after ${failoverMs} ms`);
  if (next.length !== 1) problems.push(`expected one new leader, found ${next.length}`);
  if (failoverMs > FAILOVER_LIMIT_MS) problems.push(`the clock moved in ${failoverMs} ms, more than ${FAILOVER_LIMIT_MS}`);

  // The old leader is dead: any round event from now on was driven by the new one.
  const later = await nextRoundEvent(socket, 60_000).catch((error) => {
    problems.push(`after the failover: ${error.message}`);
  });
  if (later) log(`node ${nodeA} pushed ${later.event} of ${later.room} round ${later.roundId} after the failover`);
  await sleep(3_000);
  isBetting = false;
  await betting;
  const counts = answers.reduce((all, answer) => ({ ...all, [answer]: (all[answer] ?? 0) + 1 }), {});
  log(`bets through nginx during the move: ${JSON.stringify(counts)}`);
  const unanswered = answers.filter((answer) => answer.startsWith('not answered') || answer.startsWith('http_'));
  if (unanswered.length)
    problems.push(`${unanswered.length} bets not answered with the API's envelope: ${[...new Set(unanswered)].join(', ')}`);
  if (!counts.ok) problems.push('no bet was accepted');
} catch (error) {
  problems.push(`failed: ${error.stack ?? error}`);
} finally {
  socket?.close();
  try {
    cluster('stop');
  } catch (error) {
    problems.push(`stop: ${error.message}`);
  }
  const admin = new pg.Client({ connectionString: `${BASE_URL}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
}
if (problems.length) {
  console.error(`FAIL:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
log('PASS');
