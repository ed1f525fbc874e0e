import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { isSameToken, readEmbeddedHandle } from '../../platform/embedded-handle.ts';
import { runProviderCommand } from './provider-commands.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Embedded mode only: `npm run admin -- provider:…` on this machine hands its command to the server
 * that holds the database, with the secret of DATA_DIR/server.json, like `/internal/admin`.
 */
export function registerProviderAdminRoute(app: FastifyInstance, ctx: AppContext) {
  app.post('/internal/provider-admin', async (request, reply) => {
    const handle = ctx.config.databaseUrl ? null : readEmbeddedHandle(ctx.config.dataDir);
    const socketAddress = request.socket.remoteAddress ?? '';
    if (
      !handle ||
      handle.pid !== process.pid ||
      !LOOPBACK.has(socketAddress) ||
      !isSameToken(handle.adminToken, request.headers['x-admin-token'])
    )
      return reply.code(404).send({ res: 0, resMsg: 'Not found', code: 'NOT_FOUND' });
    const body = (request.body ?? {}) as { command?: unknown; args?: unknown; actor?: unknown };
    if (typeof body.command !== 'string' || typeof body.actor !== 'string' || typeof body.args !== 'object' || body.args === null)
      return reply.code(400).send({ res: 0, resMsg: 'Bad request', code: 'BAD_REQUEST' });
    const args = Object.fromEntries(
      Object.entries(body.args).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const result = await runProviderCommand(
      { db: ctx.db, clock: ctx.clock, log: ctx.log, providers: ctx.config.providers, actor: body.actor.slice(0, 100) },
      body.command,
      args,
    );
    request.log.info({ command: body.command, actor: body.actor, isOk: result.isOk }, 'operator provider command');
    return result;
  });
}
