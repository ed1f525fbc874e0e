import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { findOutbox } from './find-outbox.ts';

/** Development only: what the outbox provider would have sent, newest first (DESIGN.md §3). */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.isProduction) return;
  app.get('/dev/outbox', () => findOutbox(ctx.db));
}
