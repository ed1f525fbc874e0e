import { WINGO_ROOM_BY_MINUTES } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { registerEndpoint } from '../../../platform/http/register-endpoint.ts';
import { findGameLog, findUserLog } from './find-logs.ts';
import { findPeriod } from './find-period.ts';
import { placeBet } from './place-bet.ts';

export function registerLotteryRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/wingo/getPeriod', ({ input }) => findPeriod(ctx, WINGO_ROOM_BY_MINUTES[input.min]));
  registerEndpoint(
    app,
    ctx,
    '/wingo/pour',
    ({ input, session }) =>
      placeBet(ctx, session.userId, {
        room: WINGO_ROOM_BY_MINUTES[input.min],
        period: input.period,
        selection: input.select,
        contractMoneyPaise: input.contractMoney,
        contractCount: input.contractCount,
        requestKey: input.requestKey,
      }),
    { isReplyAlwaysSmall: true },
  );
  registerEndpoint(app, ctx, '/wingo/findGameLogByPage', ({ input }) =>
    findGameLog(ctx.db, WINGO_ROOM_BY_MINUTES[input.min], input),
  );
  registerEndpoint(app, ctx, '/wingo/findUserLogByPage', ({ input, session }) =>
    findUserLog(ctx.db, session.userId, WINGO_ROOM_BY_MINUTES[input.min], input),
  );

  registerEndpoint(app, ctx, '/lottery/getPeriod', ({ input }) => findPeriod(ctx, input.room));
  registerEndpoint(
    app,
    ctx,
    '/lottery/pour',
    ({ input, session }) =>
      placeBet(ctx, session.userId, {
        room: input.room,
        period: input.period,
        selection: input.select,
        contractMoneyPaise: input.contractMoney,
        contractCount: input.contractCount,
        requestKey: input.requestKey,
      }),
    { isReplyAlwaysSmall: true },
  );
  registerEndpoint(app, ctx, '/lottery/findGameLogByPage', ({ input }) => findGameLog(ctx.db, input.room, input));
  registerEndpoint(app, ctx, '/lottery/findUserLogByPage', ({ input, session }) =>
    findUserLog(ctx.db, session.userId, input.room, input),
  );

  registerEndpoint(app, ctx, '/bitgame/getPeriod', () => findPeriod(ctx, 'bitgame'));
  registerEndpoint(
    app,
    ctx,
    '/bitgame/pour',
    ({ input, session }) =>
      placeBet(ctx, session.userId, {
        room: 'bitgame',
        period: input.period,
        selection: input.select,
        contractMoneyPaise: input.amount,
        contractCount: 1,
        requestKey: input.requestKey,
      }),
    { isReplyAlwaysSmall: true },
  );
  registerEndpoint(app, ctx, '/bitgame/findGameLogByPage', ({ input }) => findGameLog(ctx.db, 'bitgame', input));
  registerEndpoint(app, ctx, '/bitgame/findUserLogByPage', ({ input, session }) =>
    findUserLog(ctx.db, session.userId, 'bitgame', input),
  );
}
