import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findFairChain } from './find-fair-chain.ts';
import { findFairRound } from './find-fair-round.ts';

export function registerFairnessRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/fair/chain', ({ input }) => findFairChain(ctx.db, input.game, input.room));
  registerEndpoint(app, ctx, '/fair/round', ({ input }) => findFairRound(ctx.db, input));
}
