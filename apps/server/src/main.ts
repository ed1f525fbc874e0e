import { buildServer } from './app.ts';
import { registerEmbeddedAdminRoute } from './modules/operator-cli/routes.ts';
import { loadConfig } from './platform/config.ts';
import { describeConfig } from './platform/config-summary.ts';
import { removeEmbeddedHandle, writeEmbeddedHandle, type EmbeddedHandle } from './platform/embedded-handle.ts';

/**
 * Connections waiting to be accepted (the kernel caps it at `net.core.somaxconn`, 4,096 on Debian).
 * Node's default of 511 overflowed when a round's burst met a thousand new connections while the event
 * loop was busy: each connection dropped there waits for TCP's 1 s retransmission, which was the
 * 1.0–1.2 s p99 of cash-outs at 10,000 players (decision 0015).
 */
const LISTEN_BACKLOG = 4_096;

const config = loadConfig();
const server = await buildServer(config);
const { app, ctx } = server;
ctx.log.info({ settings: describeConfig(config) }, 'settings (secrets redacted)');
const isEmbedded = !config.databaseUrl;
let embeddedHandle: EmbeddedHandle | null = null;
if (isEmbedded) registerEmbeddedAdminRoute(app, ctx, () => embeddedHandle);

let isShuttingDown = false;
async function shutdown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  ctx.log.info({ signal }, 'shutting down: finishing open requests');
  // A hard stop if something hangs, so an orchestrator's restart is never blocked.
  const timer = setTimeout(() => {
    ctx.log.error('shutdown timed out');
    process.exit(1);
  }, 15_000);
  timer.unref();
  try {
    if (embeddedHandle) removeEmbeddedHandle(config.dataDir, embeddedHandle);
    await server.close();
    ctx.log.info('stopped');
    process.exit(0);
  } catch (error) {
    ctx.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
if (isEmbedded) embeddedHandle = writeEmbeddedHandle(config.dataDir, config.port);
ctx.log.info(
  {
    port: config.port,
    db: ctx.db.kind,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    redis: Boolean(config.redisUrl),
  },
  `Mayur is serving at http://localhost:${config.port}`,
);
