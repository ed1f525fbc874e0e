import { randomUUID } from 'node:crypto';
import helmet from 'helmet';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { registerActivityRoutes } from './modules/activity/routes.ts';
import { registerAgentRoutes } from './modules/agent/routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { createPasswordHasher, type PasswordHasher } from './modules/auth/passwords.ts';
import { createCodeDelivery } from './modules/codes/delivery/create-code-delivery.ts';
import type { CodeDelivery } from './modules/codes/delivery/code-delivery.ts';
import { registerDevRoutes } from './modules/dev/routes.ts';
import { registerComplaintRoutes } from './modules/complaints/routes.ts';
import { registerBackOffice } from './modules/admin/routes.ts';
import { registerNoticeRoutes } from './modules/notices/routes.ts';
import { registerBannerRoutes } from './modules/banners/routes.ts';
import { registerSupportRoutes } from './modules/support/routes.ts';
import { registerProtectionRoutes } from './modules/protection/routes.ts';
import { providerOrigins, registerProviderRoutes } from './modules/providers/routes.ts';
import { seedProviderCatalogue } from './modules/providers/catalogue.ts';
import { cancelWaitingCrashBets } from './modules/games/crash/cancel-waiting-bets.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { registerFairnessRoutes } from './modules/fairness/routes.ts';
import { prepareRoomChains } from './modules/fairness/prepare-chains.ts';
import { LotteryEvents } from './modules/games/lottery/lottery-events.ts';
import { CrashEvents } from './modules/games/crash/crash-events.ts';
import { tickCrash } from './modules/games/crash/crash-clock.ts';
import { registerCrashRoutes } from './modules/games/crash/routes.ts';
import { findRecentCrashWins } from './modules/games/crash/recent-wins.ts';
import { findRecentLotteryWins } from './modules/games/lottery/recent-wins.ts';
import { findLotteryRoomStates, findLotteryRounds, findLotteryStakeDays } from './modules/games/lottery/operator-reads.ts';
import { findCrashRoomStates, findCrashRounds, findCrashStakeDays } from './modules/games/crash/operator-reads.ts';
import { tickLottery } from './modules/games/lottery/lottery-clock.ts';
import { registerLotteryRoutes } from './modules/games/lottery/routes.ts';
import { startHeartbeat } from './platform/heartbeat.ts';
import { runWhileLeader, startInterval, underLease } from './platform/leader.ts';
import { fencedDb } from './platform/fenced-db.ts';
import { startRealtime } from './platform/realtime.ts';
import { registerGiftRoutes } from './modules/gifts/routes.ts';
import { registerWalletRoutes } from './modules/wallet/routes.ts';
import { createGateway } from './modules/payments/gateways/create-gateway.ts';
import { registerPaymentRoutes } from './modules/payments/routes.ts';
import { startUsdtWatcher } from './modules/payments/recharge/usdt-watcher-loop.ts';
import { startCommissionClock } from './modules/agent/pay-daily-commission.ts';
import { startTeamStatsClock } from './modules/agent/team-stats-clock.ts';
import { assertUsdtXpub } from './modules/payments/usdt/usdt-settings.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { AppContext } from './platform/context.ts';
import type { Db } from './platform/db/db.ts';
import { migrateFor } from './platform/db/migrate.ts';
import { openDb } from './platform/db/open-db.ts';
import { isConnectionError, tryAgain } from './platform/db/db-errors.ts';
import { isPlayerRefusal } from './platform/http/app-error.ts';
import { refusal, sendAppError } from './platform/http/envelope.ts';
import { registerApiCompression } from './platform/http/api-compression.ts';
import { registerApiDocs } from './platform/http/openapi.ts';
import { registerStaticFiles } from './platform/http/static-files.ts';
import { createSessionCache } from './platform/http/session-cache.ts';
import { createMetrics, instrumentOperations, registerMetricsEndpoint } from './platform/metrics.ts';
import { memoryRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import { redisRateLimiter } from './platform/rate-limit/redis-rate-limiter.ts';
import { seedDemo } from './seed/seed-demo.ts';

export type Overrides = { db?: Db; clock?: Clock; limiter?: RateLimiter; codeDelivery?: CodeDelivery; log?: Logger };

export type Server = {
  app: FastifyInstance;
  ctx: AppContext;
  hasher: PasswordHasher;
  lotteryEvents: LotteryEvents;
  crashEvents: CrashEvents;
  /** Whether this node currently runs the game clock (holds its lease). */
  isGameClockLeader(): boolean;
  close(): Promise<void>;
};

/**
 * Builds the whole server without listening: database opened and migrated, demo seeded once, and on a
 * node that runs the game clock every room's hash chain committed, so the work of a fresh database is
 * done before the server says it is serving.
 */
export async function buildServer(config: Config, overrides: Overrides = {}): Promise<Server> {
  assertUsdtXpub(config.payments.usdt.xpub);
  const log = overrides.log ?? pino({ level: config.logLevel, redact: ['req.headers.authorization', '*.password', '*.token'] });
  const db = overrides.db ?? (await openDb(config, log));
  // As the owner role when MIGRATION_DATABASE_URL is set, which then grants this server's role (decision 0032).
  await migrateFor(config, db, log);
  const hasher = createPasswordHasher(config.argon2);
  if (config.isDemoSeeded) await seedDemo(db, hasher, log);
  await seedProviderCatalogue(db, config.providers.list);
  if (config.gameClock.isEnabled) await prepareRoomChains(db, config.chains.roundsPerChain, log);
  const limiter =
    overrides.limiter ??
    (config.redisUrl ? await redisRateLimiter(config.redisUrl, `${config.deploymentName}:rl:`) : memoryRateLimiter());
  const ctx: AppContext = {
    config,
    db,
    log,
    clock: overrides.clock ?? systemClock,
    limiter,
    codeDelivery: overrides.codeDelivery ?? createCodeDelivery(config, db),
    gateway: createGateway(config.payments, overrides.clock ?? systemClock),
  };
  ctx.sessionCache = await createSessionCache({
    db,
    clock: ctx.clock,
    log,
    redis: config.redisUrl ? { url: config.redisUrl, deploymentName: config.deploymentName } : undefined,
    isRefreshing: true,
  });

  const trusted = config.trustProxy;
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // N hops: the socket's peer and the N-1 entries it appended are proxies; the entry before them is the client.
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    // The logged request id is always ours: an id chosen by the client could forge or merge log trails.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  });
  const metrics = await registerPlatform(app, ctx);
  registerAuthRoutes(app, ctx, hasher);
  registerUserRoutes(app, ctx);
  registerAgentRoutes(app, ctx);
  registerNoticeRoutes(app, ctx);
  registerBannerRoutes(app, ctx);
  registerComplaintRoutes(app, ctx);
  registerSupportRoutes(app, ctx);
  registerProtectionRoutes(app, ctx, (userId, atMs) => cancelWaitingCrashBets(ctx, userId, atMs));
  registerWalletRoutes(app, ctx);
  registerGiftRoutes(app, ctx);
  registerProviderRoutes(app, ctx);
  registerPaymentRoutes(app, ctx, hasher, ctx.gateway);
  registerLotteryRoutes(app, ctx);
  const lotteryEvents = new LotteryEvents();
  const crashEvents = new CrashEvents();
  registerFairnessRoutes(app, ctx);
  registerCrashRoutes(app, ctx, crashEvents);
  registerActivityRoutes(app, ctx, [
    (query) => findRecentLotteryWins(ctx.db, query),
    (query) => findRecentCrashWins(ctx.db, query),
  ]);
  registerDevRoutes(app, ctx);
  await registerBackOffice(app, ctx, hasher, [
    { roomStates: findLotteryRoomStates, rounds: findLotteryRounds, stakeDays: findLotteryStakeDays },
    { roomStates: findCrashRoomStates, rounds: findCrashRounds, stakeDays: findCrashStakeDays },
  ]);
  await registerStaticFiles(app, { webDistDir: config.webDistDir, downloadDir: config.downloadDir, log });

  const realtime = await startRealtime(
    app.server,
    config.redisUrl ? { url: config.redisUrl, deploymentName: config.deploymentName } : undefined,
    { lottery: lotteryEvents, crash: crashEvents },
    log,
  );
  // Every serving node beats, leader or not: a crash round is void only when no node was serving during
  // its flight (decision 0008). Tests that drive a manual clock record their beats by hand.
  const heartbeat =
    config.env !== 'test' || config.gameClock.isEnabled
      ? startHeartbeat({ db, databaseUrl: config.databaseUrl, clock: ctx.clock, log })
      : null;
  // The lottery's periods and the crash rooms' rounds each have a clock step of their own on the
  // leader, so a long lottery settlement (a round of a million bets takes seconds) never holds back a
  // crash round's take-off or crash, and a slow crash step never delays a lottery result. The leader's
  // work runs on the database fenced by its lease (decision 0030), and each clock step makes sure of the
  // lease before it reads the time it acts on: a leader that was paused finds out before it writes.
  const leadership = config.gameClock.isEnabled
    ? runWhileLeader(
        { databaseUrl: config.databaseUrl, retryMs: config.gameClock.retryMs, leaseMs: config.gameClock.leaseMs },
        log,
        (lease) => {
          const leaderCtx: AppContext = { ...ctx, db: fencedDb(ctx.db, lease) };
          const tickLotteryClock = () => tickLottery(leaderCtx, lotteryEvents, ctx.clock.now().getTime());
          const tickCrashClock = () => tickCrash(leaderCtx, crashEvents, ctx.clock.now().getTime());
          const stopLottery = startInterval(config.gameClock.stepIntervalMs, underLease(lease, tickLotteryClock), log);
          const stopCrash = startInterval(config.gameClock.stepIntervalMs, underLease(lease, tickCrashClock), log);
          const stopWatcher = startUsdtWatcher(leaderCtx);
          const stopCommission = startCommissionClock(leaderCtx);
          const stopTeamStats = startTeamStatsClock(leaderCtx);
          return async () => {
            await stopTeamStats();
            await stopCommission();
            await stopWatcher();
            await stopCrash();
            await stopLottery();
          };
        },
      )
    : null;
  metrics.observeLeadership(() => leadership?.isLeading() ?? false);

  return {
    app,
    ctx,
    hasher,
    lotteryEvents,
    crashEvents,
    isGameClockLeader: () => leadership?.isLeading() ?? false,
    async close() {
      await leadership?.stop();
      await heartbeat?.stop();
      await realtime.close();
      await app.close();
      await ctx.codeDelivery.close();
      await limiter.close();
      await ctx.sessionCache?.close();
      if (!overrides.db) await db.close();
    },
  };
}

async function registerPlatform(app: FastifyInstance, ctx: AppContext) {
  const metrics = createMetrics();
  instrumentOperations(app, metrics);
  metrics.observeDatabase(ctx.db, () => ctx.clock.now());
  metrics.observeProviders(ctx.config.providers.list.map((provider) => provider.id));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status: reply.statusCode });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  // Helmet's middleware is built once: @fastify/helmet rebuilt it (parsing the CSP) on every request,
  // which the crash benchmark's profile showed as the costliest part of answering a cash-out.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Third-party games open in a frame from their studio, with its images (decision 0026).
        imgSrc: ["'self'", 'data:', 'blob:', ...providerOrigins(ctx)],
        frameSrc: ["'self'", ...providerOrigins(ctx)],
        // 'self' covers this origin's own ws:/wss: (CSP 3), which is all the sockets the app opens.
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
    // Sent below, on HTTPS answers only: over plain HTTP the header is ignored by browsers and untrue.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // A TLS connection, or X-Forwarded-Proto from a proxy TRUST_PROXY trusts (Fastify's request.protocol).
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  await app.register(formbody);
  await registerApiCompression(app);
  // An empty JSON body is an empty form, not an error: some clients send the header on every POST.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    jsonParser(request, String(body), done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(refusal('PAYLOAD_TOO_LARGE'));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send(refusal('UNSUPPORTED_MEDIA_TYPE'));
    // Text PostgreSQL cannot store (a NUL byte, an invalid encoding) is bad input, not a server fault.
    if (error.code === '22021' || error.code === '22P05') return reply.code(400).send(refusal('BAD_REQUEST'));
    // A refusal raised outside a handler (authentication), or the database being briefly unreachable.
    if (isPlayerRefusal(error)) return sendAppError(reply, error);
    if (isConnectionError(error)) return sendAppError(reply, tryAgain(error));
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, message: error.message }, 'malformed request');
      return reply.code(status === 404 ? 404 : 400).send(refusal(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(refusal('INTERNAL'));
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await ctx.db.query('select 1');
      return { status: 'ok', db: ctx.db.kind };
    } catch (error) {
      ctx.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  registerMetricsEndpoint(app, metrics, { token: ctx.config.metricsToken, isProduction: ctx.config.isProduction });
  await registerApiDocs(app, ctx.config.isApiDocsServed);
  return metrics;
}
