import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findCommissionHistory } from './find-commission-history.ts';
import { findPromote } from './find-promote.ts';

export function registerAgentRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/findPromote', ({ session }) => findPromote(ctx, session.userId));
  registerEndpoint(app, ctx, '/agent/commissionHistory', ({ input, session }) =>
    findCommissionHistory(ctx.db, session.userId, input),
  );
}
