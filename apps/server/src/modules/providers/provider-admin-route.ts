import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { handedCommandOf, isFromHandleHolder, readEmbeddedHandle } from '../../platform/embedded-handle.ts';
import { runProviderCommand } from './provider-commands.ts';

/**
 * Embedded mode only: `npm run admin -- provider:…` on this machine hands its command to the server
 * that holds the database, with the secret of DATA_DIR/server.json, like `/internal/admin`.
 */
export function registerProviderAdminRoute(app: FastifyInstance, ctx: AppContext) {
  app.post('/internal/provider-admin', async (request, reply) => {
    const handle = ctx.config.databaseUrl ? null : readEmbeddedHandle(ctx.config.dataDir);
    if (!handle || handle.pid !== process.pid || !isFromHandleHolder(handle, request))
      return reply.code(404).send({ res: 0, resMsg: 'Not found', code: 'NOT_FOUND' });
    const handed = handedCommandOf(request.body);
    if (!handed) return reply.code(400).send({ res: 0, resMsg: 'Bad request', code: 'BAD_REQUEST' });
    const result = await runProviderCommand(
      { db: ctx.db, clock: ctx.clock, log: ctx.log, providers: ctx.config.providers, actor: handed.actor },
      handed.command,
      handed.args,
    );
    request.log.info({ command: handed.command, actor: handed.actor, isOk: result.isOk }, 'operator provider command');
    return result;
  });
}
