import { type ParsedRequestOf } from '@mayur/contracts';
import { WINGO_ROOM_BY_MINUTES } from '@mayur/rules/lottery-rooms';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { registerEndpoint, SMALL_REPLIES } from '../../../platform/http/register-endpoint.ts';
import { findGameLog, findUserLog } from './find-logs.ts';
import { findPeriod } from './find-period.ts';
import { placeBet, type BetInput } from './place-bet.ts';

/** A Win Go or Win Go PK bet as the request names it, without its room. */
function betOf(input: ParsedRequestOf<'/wingo/pour'> | ParsedRequestOf<'/lottery/pour'>): Omit<BetInput, 'room'> {
  return {
    period: input.period,
    selection: input.select,
    contractMoneyPaise: input.contractMoney,
    contractCount: input.contractCount,
    requestKey: input.requestKey,
  };
}

export function registerLotteryRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/wingo/getPeriod', ({ input }) => findPeriod(ctx, WINGO_ROOM_BY_MINUTES[input.min]));
  registerEndpoint(
    app,
    ctx,
    '/wingo/pour',
    ({ input, session }) => placeBet(ctx, session.userId, { room: WINGO_ROOM_BY_MINUTES[input.min], ...betOf(input) }),
    SMALL_REPLIES,
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
    ({ input, session }) => placeBet(ctx, session.userId, { room: input.room, ...betOf(input) }),
    SMALL_REPLIES,
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
    SMALL_REPLIES,
  );
  registerEndpoint(app, ctx, '/bitgame/findGameLogByPage', ({ input }) => findGameLog(ctx.db, 'bitgame', input));
  registerEndpoint(app, ctx, '/bitgame/findUserLogByPage', ({ input, session }) =>
    findUserLog(ctx.db, session.userId, 'bitgame', input),
  );
}
