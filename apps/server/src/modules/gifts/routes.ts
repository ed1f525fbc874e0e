import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { redeemGift } from './redeem-gift.ts';

export function registerGiftRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/cash/redeemGift', ({ input, session }) => redeemGift(ctx, session.userId, input.code));
}
