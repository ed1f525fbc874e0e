import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findBonusWagering } from './bonus-wagering.ts';
import { exchangeBonus } from './exchange-bonus.ts';
import { findMoneyTranceList } from './find-money-trance-list.ts';

export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/exchangeBonus', ({ input, session }) =>
    exchangeBonus(ctx, session.userId, input.bonus, input.requestKey),
  );
  registerEndpoint(app, ctx, '/user/bonusWagering', ({ session }) =>
    findBonusWagering(ctx.db, ctx.config.bonusWageringMultiplierX100, session.userId),
  );
  registerEndpoint(app, ctx, '/cash/findMoneyTranceList', ({ input, session }) =>
    findMoneyTranceList(ctx.db, session.userId, input),
  );
}
