import { WINGO_ROOM_BY_MINUTES } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { registerEndpoint } from '../../../platform/http/register-endpoint.ts';
import { findGameLog, findUserLog } from './find-logs.ts';
import { findPeriod } from './find-period.ts';
import { placeBet, type BetInput } from './place-bet.ts';

/** Bets: a period's burst of requests whose replies are small (registerEndpoint skips compression). */
const HOT = { isReplyAlwaysSmall: true };

/** A Win Go or Win Go PK bet as the request names it, without its room. */
function betOf(input: {
  period: string;
  select: string;
  contractMoney: bigint;
  contractCount: number;
  requestKey?: string | undefined;
}): Omit<BetInput, 'room'> {
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
    HOT,
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
    HOT,
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
    HOT,
  );
  registerEndpoint(app, ctx, '/bitgame/findGameLogByPage', ({ input }) => findGameLog(ctx.db, 'bitgame', input));
  registerEndpoint(app, ctx, '/bitgame/findUserLogByPage', ({ input, session }) =>
    findUserLog(ctx.db, session.userId, 'bitgame', input),
  );
}
