import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findNoticeUrls } from './find-notice-urls.ts';
import { findNotices } from './find-notices.ts';

// What players read of the notices operators edit (manage-notices.ts).

export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/findNotice', ({ input }) => findNotices(ctx.db, ctx.clock.now(), input.lang ?? null, input));
  registerEndpoint(app, ctx, '/user/getNoticeUrl', ({ input }) => findNoticeUrls(ctx.db, ctx.clock.now(), input.lang ?? null));
}
