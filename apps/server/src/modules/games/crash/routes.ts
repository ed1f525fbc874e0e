import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { registerEndpoint, SMALL_REPLIES } from '../../../platform/http/register-endpoint.ts';
import { cancelCrashBet, refuseCancel } from './cancel-crash-bet.ts';
import { cashOut, decideCashOut } from './cash-out.ts';
import { roomHouseAccounts } from './crash-bet-account.ts';
import { startCrashBatcher } from './crash-batcher.ts';
import type { CrashEvents } from './crash-events.ts';
import { findCurrentRound } from './find-current-round.ts';
import { findPlayerBets } from './find-player-bets.ts';
import { findRoundBets } from './find-round-bets.ts';
import { findRoundHistory } from './find-round-history.ts';
import { findTopWins } from './find-top-wins.ts';
import { joinsLiveRound, placeCrashBet, refuseUnplacedBet } from './place-crash-bet.ts';

export function registerCrashRoutes(app: FastifyInstance, ctx: AppContext, events: CrashEvents) {
  // The room account shards are looked up at start, not by the first bet's batch; a failure here (the
  // database not reachable yet) is simply tried again by the first batch.
  roomHouseAccounts(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'crash room accounts not found at start'));
  // This node's group commit of bets, cancels and cash-outs, with the rules of those use cases.
  startCrashBatcher(ctx, { joinsLiveRound, refuseUnplacedBet, refuseCancel, decideCashOut });
  // Decisions use meta.receivedAtMs: the time the request arrived at this server, not when the
  // handler got to it after the session lookup.
  registerEndpoint(app, ctx, '/gameroket/getCurrent', ({ input, meta }) =>
    findCurrentRound(ctx.db, input.room, meta.receivedAtMs),
  );
  registerEndpoint(
    app,
    ctx,
    '/gameroket/pour',
    ({ input, session, meta }) =>
      placeCrashBet(
        ctx,
        events,
        session.userId,
        {
          room: input.room,
          stakePaise: input.amount,
          autoCashoutX100: input.autoCashoutX100,
          slot: input.slot,
          requestKey: input.requestKey,
        },
        meta.receivedAtMs,
      ),
    SMALL_REPLIES,
  );
  registerEndpoint(
    app,
    ctx,
    '/gameroket/cancel',
    ({ input, session, meta }) => cancelCrashBet(ctx, session.userId, input.betId, meta.receivedAtMs),
    SMALL_REPLIES,
  );
  registerEndpoint(
    app,
    ctx,
    '/gameroket/doSettle',
    ({ input, session, meta }) => cashOut(ctx, events, session.userId, input.betId, meta.receivedAtMs),
    SMALL_REPLIES,
  );

  registerEndpoint(app, ctx, '/gameroket/getHistoryByPage', ({ input }) => findRoundHistory(ctx.db, input.room, input));
  registerEndpoint(app, ctx, '/gameroket/getRoundBets', ({ input }) => findRoundBets(ctx.db, input.room));
  registerEndpoint(app, ctx, '/gameroket/getTopWins', ({ input, meta }) => findTopWins(ctx.db, input.room, meta.receivedAtMs));
  registerEndpoint(app, ctx, '/gameroket/getUserHistoryByPage', ({ input, session }) =>
    findPlayerBets(ctx.db, session.userId, input.room, input),
  );
}
