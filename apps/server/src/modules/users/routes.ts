import { formatMoney } from '@mayur/rules/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { changeNick } from './change-nick.ts';
import { findUserView } from './user-view.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/findUserInfo', ({ session }) => findUserView(ctx.db, session.userId));
  registerEndpoint(app, ctx, '/user/changeNick', ({ input, session }) => changeNick(ctx, session.userId, input.nickName));
  registerEndpoint(app, ctx, '/user/balance', async ({ session }) => {
    const balances = await findPlayerBalances(ctx.db, session.userId);
    return { balance: formatMoney(balances.cashPaise), bonus: formatMoney(balances.bonusPaise) };
  });
}
