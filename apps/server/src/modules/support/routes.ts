import type { TSupportChannel } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';

/**
 * The operator's contact channels, read and checked once at start (config.ts); a channel whose setting
 * is unset is left out, so the app shows only ways to reach the operator that work.
 */
export function registerSupportRoutes(app: FastifyInstance, ctx: AppContext) {
  const { telegram, whatsapp, email } = ctx.config.support;
  const channels = [telegram, whatsapp, email].filter((channel): channel is TSupportChannel => channel !== undefined);
  registerEndpoint(app, ctx, '/user/getSupportChannels', async () => ({ channels }));
}
