import type { TSupportChannel } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findSupportContacts } from './support-contacts.ts';

/**
 * The operator's contact channels: those set in the console for the app's language (or every
 * language), else those of the server's settings, read and checked once at start (config.ts); a
 * channel whose setting is unset is left out, so the app shows only ways to reach the operator that work.
 */
export function registerSupportRoutes(app: FastifyInstance, ctx: AppContext) {
  const { telegram, whatsapp, email } = ctx.config.support;
  const fromSettings = [telegram, whatsapp, email].filter((channel): channel is TSupportChannel => channel !== undefined);
  registerEndpoint(app, ctx, '/user/getSupportChannels', async ({ input }) => ({
    channels: (await findSupportContacts(ctx.db, input.lang)) ?? fromSettings,
  }));
}
