import { formatMoney } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { changeNick } from './change-nick.ts';
import { findUserView } from './user-view.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/findUserInfo', ({ session }) => findUserView(ctx.db, session.userId));
  registerEndpoint(app, ctx, '/user/changeNick', ({ input, session }) => changeNick(ctx, session.userId, input.nickName));
  // Balances are zero until the wallet ledger lands; the shape is already the final one.
  registerEndpoint(app, ctx, '/user/balance', async () => ({ balance: formatMoney(0n), bonus: formatMoney(0n) }));
}
