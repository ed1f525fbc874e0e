import { createHash, timingSafeEqual } from 'node:crypto';
import { CRASH_ROOM_IDS } from '@mayur/rules/crash-rooms';
import { LOTTERY_ROOM_IDS, WINGO_ROOM_BY_MINUTES } from '@mayur/rules/lottery-rooms';
import { isErrorCode } from '@mayur/rules/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db/db.ts';
import { refusal } from './http/envelope.ts';

// What operators watch (decision 0027, deploy/prometheus/alerts.yml, docs/operations/runbooks.md):
// - HTTP requests and their duration by route (every request);
// - money operations (bets, cash-outs, cancels, recharges, withdrawals, gift codes) by game, room and
//   outcome (`ok` or the refusal code), with their latency, read from the answers at the HTTP edge so
//   no use case carries metrics code;
// - payment gateway callbacks by outcome (a refused or failed callback is a webhook failure);
// - studio credits refused for passing the provider's credit ceilings (a leaked signing secret, or a
//   studio's bug, trying to pay out more than a round or a day allows; decision 0026);
// - from the database, at most every few seconds and only when scraped: settlement lag, open
//   deposits and withdrawals by state with the oldest one's age, whether a game clock leader exists;
// - this node: whether it leads the game clock, its database pool, and Node's event loop lag
//   (`nodejs_eventloop_lag_*` from the default metrics).

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Metrics = {
  registry: Registry;
  httpRequests: Counter;
  httpDuration: Histogram;
  operations: Counter;
  operationDuration: Histogram;
  paymentCallbacks: Counter;
  providerCreditsOverCeiling: Counter;
  /**
   * Starts each provider's count of credits over a ceiling at 0, so that the first refusal is an
   * increase Prometheus sees (a series born at 1 has no increase to alert on).
   */
  observeProviders(providerIds: readonly string[]): void;
  /** Tells the metrics how to know whether this node leads the game clock (set once the clock starts). */
  observeLeadership(isLeading: () => boolean): void;
  /** Reads the business gauges from this database when scraped (cached for `cacheMs`). */
  observeDatabase(db: Db, now: () => Date, cacheMs?: number): void;
};

/** Routes whose answers are money operations: the operation, its game, and where its room is read from. */
type OperationRoute = { operation: string; game: string; room?: (body: Record<string, unknown>) => unknown };
const OPERATION_ROUTES: Record<string, OperationRoute> = {
  '/api/gameroket/pour': { operation: 'bet', game: 'crash', room: (body) => body.room },
  '/api/gameroket/doSettle': { operation: 'cashout', game: 'crash' },
  '/api/gameroket/cancel': { operation: 'cancel', game: 'crash' },
  '/api/wingo/pour': {
    operation: 'bet',
    game: 'lottery',
    room: (body) => WINGO_ROOM_BY_MINUTES[Number(body.min) as keyof typeof WINGO_ROOM_BY_MINUTES],
  },
  '/api/lottery/pour': { operation: 'bet', game: 'lottery', room: (body) => body.room },
  '/api/bitgame/pour': { operation: 'bet', game: 'lottery', room: () => 'bitgame' },
  '/api/cash/payNew': { operation: 'deposit_request', game: 'wallet' },
  '/api/cash/usdtAddressPay': { operation: 'deposit_request', game: 'wallet' },
  '/api/cash/withdrawNew': { operation: 'withdraw_request', game: 'wallet' },
  '/api/cash/redeemGift': { operation: 'gift_redeem', game: 'wallet' },
};

/** The studios' wallet route (modules/providers/callback-route.ts). */
const PROVIDER_CALLBACK_ROUTE = '/api/provider/:providerId/:action';

const KNOWN_ROOMS = new Set<string>([...CRASH_ROOM_IDS, ...LOTTERY_ROOM_IDS, 'bitgame']);

/** A label from client-written input stays one of a known few (a metric per arbitrary string would grow without end). */
function roomLabel(value: unknown): string {
  return typeof value === 'string' && KNOWN_ROOMS.has(value) ? value : value === undefined ? '' : 'other';
}

/** `ok`, the refusal's code, or `http_<status>` for an answer without one. */
export function outcomeOf(statusCode: number, payload: string): string {
  if (/^\{"res":1[,}]/.test(payload)) return 'ok';
  const code = /"code":"([A-Z0-9_]{1,60})"/.exec(payload)?.[1];
  if (isErrorCode(code)) return code;
  return statusCode < 400 ? 'ok' : `http_${statusCode}`;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const httpRequests = new Counter({
    name: 'mayur_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'mayur_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operations = new Counter({
    name: 'mayur_operations_total',
    help: 'Money operations answered by this node: bets, cash-outs, cancels, recharge and withdrawal requests, gift codes; outcome is ok or the refusal code',
    labelNames: ['operation', 'game', 'room', 'outcome'],
    registers: [registry],
  });
  const operationDuration = new Histogram({
    name: 'mayur_operation_duration_seconds',
    help: 'Time from a money operation arriving to its answer, by operation, game and room',
    labelNames: ['operation', 'game', 'room'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const paymentCallbacks = new Counter({
    name: 'mayur_payment_callbacks_total',
    help: 'Signed payment gateway callbacks (webhooks) by gateway and outcome; refused_* and error are failures',
    labelNames: ['gateway', 'outcome'],
    registers: [registry],
  });
  const providerCreditsOverCeiling = new Counter({
    name: 'mayur_provider_credits_over_ceiling_total',
    help: "Studio credits (wins) refused because they would pass the provider's ceiling per player and round or per player and day",
    labelNames: ['provider'],
    registers: [registry],
  });

  let isLeading: () => boolean = () => false;
  // Set by observeDatabase: each database gauge awaits one shared, cached read.
  let refreshDatabase: () => Promise<void> = async () => undefined;
  let poolStats: () => PoolStats | undefined = () => undefined;
  new Gauge({
    name: 'mayur_clock_leader',
    help: "1 while this node runs the game clock (holds the game clock's lease), else 0",
    registers: [registry],
    collect() {
      this.set(isLeading() ? 1 : 0);
    },
  });

  /** A gauge read from the database at each scrape, through the one shared read. */
  const databaseGauge = <Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new Gauge<Label>({ name, help, labelNames, registers: [registry], collect: () => refreshDatabase() });
  const settlementLag = databaseGauge(
    'mayur_settlement_lag_seconds',
    'Seconds since the oldest round that should be settled ended (0 when none is late), by game',
    ['game'],
  );
  const depositsOpen = databaseGauge('mayur_deposits_open', 'Recharge orders still pending, by method', ['method']);
  const withdrawalsOpen = databaseGauge(
    'mayur_withdrawals_open',
    'Withdrawals not finished, by state (pending: waiting for an operator; paying: sent to the gateway)',
    ['state'],
  );
  const oldestOpen = databaseGauge(
    'mayur_oldest_open_seconds',
    'Age of the oldest pending recharge order and of the oldest unfinished withdrawal',
    ['kind'],
  );
  const databaseUp = databaseGauge('mayur_database_up', '1 when the last scrape could read the database, else 0');
  new Gauge({
    name: 'mayur_db_pool_connections',
    help: "This node's PostgreSQL pool: total, idle, waiting (requests queued for a connection) and max",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });

  const metrics: Metrics = {
    registry,
    httpRequests,
    httpDuration,
    operations,
    operationDuration,
    paymentCallbacks,
    providerCreditsOverCeiling,
    observeProviders(providerIds) {
      for (const provider of providerIds) providerCreditsOverCeiling.inc({ provider }, 0);
    },
    observeLeadership(source) {
      isLeading = source;
    },
    observeDatabase(db, now, cacheMs = 5_000) {
      let readAtMs = 0;
      let reading: Promise<void> | null = null;
      const read = async () => {
        try {
          // The server's clock, as the game clock uses it (the database's may differ by a little, or in tests by days).
          const at = now();
          const [lag] = await db.query<{ lottery: number | null; crash: number | null }>(
            `select extract(epoch from $1::timestamptz - (select min(ends_at) from lottery_rounds where state <> 'settled' and ends_at < $1::timestamptz))::float8 as lottery,
                    extract(epoch from $1::timestamptz - (select min(crash_at) from crash_rounds where state = 'live' and crash_at < $1::timestamptz))::float8 as crash`,
            [at],
          );
          settlementLag.set({ game: 'lottery' }, Math.max(0, lag?.lottery ?? 0));
          settlementLag.set({ game: 'crash' }, Math.max(0, lag?.crash ?? 0));
          const deposits = await db.query<{ method: string; open: bigint; oldest: number | null }>(
            `select method, count(*) as open, extract(epoch from $1::timestamptz - min(created_at))::float8 as oldest
             from deposit_orders where status = 'pending' group by method`,
            [at],
          );
          depositsOpen.reset();
          for (const method of ['upi', 'bank', 'usdt']) depositsOpen.set({ method }, 0);
          for (const row of deposits) depositsOpen.set({ method: row.method }, Number(row.open));
          oldestOpen.set({ kind: 'deposit' }, Math.max(0, ...deposits.map((row) => row.oldest ?? 0)));
          const withdrawals = await db.query<{ status: string; open: bigint; oldest: number | null }>(
            `select status, count(*) as open, extract(epoch from $1::timestamptz - min(created_at))::float8 as oldest
             from withdrawals where status in ('pending', 'paying') group by status`,
            [at],
          );
          for (const state of ['pending', 'paying']) withdrawalsOpen.set({ state }, 0);
          for (const row of withdrawals) withdrawalsOpen.set({ state: row.status }, Number(row.open));
          oldestOpen.set({ kind: 'withdrawal' }, Math.max(0, ...withdrawals.map((row) => row.oldest ?? 0)));
          databaseUp.set(1);
        } catch {
          databaseUp.set(0);
        }
      };
      // One read per scrape interval however many gauges (and scrapers) ask; a slow database never stacks reads.
      refreshDatabase = async () => {
        if (reading) return reading;
        if (Date.now() - readAtMs < cacheMs) return;
        readAtMs = Date.now();
        reading = read().finally(() => (reading = null));
        return reading;
      };
      poolStats = () => db.poolStats?.();
    },
  };
  return metrics;
}

/**
 * Counts money operations, gateway callbacks and studio credits over a ceiling from their answers
 * (`onSend`: the serialized payload), so the use cases stay free of metrics code. Only the routes
 * listed are parsed, with two regular expressions over a short JSON text.
 */
export function instrumentOperations(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url ?? '';
    const text = typeof payload === 'string' ? payload : '';
    const route = OPERATION_ROUTES[url];
    if (route) {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const room = roomLabel(route.room ? route.room(body) : /"room":"([a-z0-9-]{1,40})"/.exec(text)?.[1]);
      const labels = { operation: route.operation, game: route.game, room };
      metrics.operations.inc({ ...labels, outcome: outcomeOf(reply.statusCode, text) });
      metrics.operationDuration.observe(labels, reply.elapsedTime / 1000);
    } else if (url.startsWith('/api/pay/callback/')) {
      const gateway = url.slice('/api/pay/callback/'.length);
      const answered = /"outcome":"([a-z_]{1,40})"/.exec(text)?.[1];
      const outcome =
        reply.statusCode === 401
          ? 'refused_signature'
          : reply.statusCode === 400
            ? 'refused_body'
            : reply.statusCode >= 400
              ? 'error'
              : (answered ?? 'ok');
      metrics.paymentCallbacks.inc({ gateway, outcome });
    } else if (url === PROVIDER_CALLBACK_ROUTE && text.includes('"code":"CREDIT_CEILING_REACHED"')) {
      // Only a configured provider's wallet answers with this code, so the label stays one of a few.
      const { providerId } = request.params as { providerId: string };
      metrics.providerCreditsOverCeiling.inc({ provider: providerId });
    }
    return payload;
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * `GET /metrics` for Prometheus. With a token, only a scraper presenting `Authorization: Bearer <token>`
 * is answered; without one the route exists only outside production, where nothing is public anyway.
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  metrics: Metrics,
  access: { token: string | undefined; isProduction: boolean },
) {
  const { token } = access;
  if (!token && access.isProduction) return;
  app.get('/metrics', async (request, reply) => {
    if (token) {
      const presented = String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      // Digests have one length, so the comparison takes the same time whatever was presented.
      if (!timingSafeEqual(digest(presented), digest(token))) return reply.code(401).send(refusal('UNAUTHORIZED'));
    }
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
