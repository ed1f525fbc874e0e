import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findAgentRules } from './find-agent-rules.ts';
import { findAllInfo } from './find-all-info.ts';
import { findCommissionHistory } from './find-commission-history.ts';
import { findDownByPage } from './find-down-by-page.ts';
import { findPromote } from './find-promote.ts';

export function registerAgentRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/findPromote', ({ session }) => findPromote(ctx, session.userId));
  registerEndpoint(app, ctx, '/agent/commissionHistory', ({ input, session }) =>
    findCommissionHistory(ctx.db, session.userId, input),
  );
  registerEndpoint(app, ctx, '/agent/rules', () => findAgentRules(ctx));
  registerEndpoint(app, ctx, '/starAgent/findAllInfo', ({ input, session }) => findAllInfo(ctx, session.userId, input));
  registerEndpoint(app, ctx, '/starAgent/findDownByPage', ({ input, session }) => findDownByPage(ctx, session.userId, input));
}
