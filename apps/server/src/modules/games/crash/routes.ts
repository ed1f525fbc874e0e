import { CRASH_ROOMS, formatMoney, type CrashRoomId, type TCrashRoundState } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { registerEndpoint, SMALL_REPLIES } from '../../../platform/http/register-endpoint.ts';
import { cancelCrashBet } from './cancel-crash-bet.ts';
import { cashOut } from './cash-out.ts';
import { roomHouseAccounts } from './crash-bet-account.ts';
import { CRASH_BET_COLUMNS, REVEALED_CRASH_POINT, toCrashBetView, type CrashBetRow } from './crash-bet-view.ts';
import { phaseAt } from './crash-engine.ts';
import type { CrashEvents } from './crash-events.ts';
import { findLatestRound, toEngineRound } from './crash-round-row.ts';
import { findRoundBets } from './find-round-bets.ts';
import { findTopWins } from './find-top-wins.ts';
import { placeCrashBet } from './place-crash-bet.ts';

const RECENT_ROUNDS = 20;

async function currentRound(ctx: AppContext, room: CrashRoomId, nowMs: number): Promise<TCrashRoundState> {
  // Between rounds (the pause after a crash) the newest round is the one that just crashed.
  const round = await findLatestRound(ctx.db, room);
  if (!round) throw new AppError('ROOM_UNKNOWN', `room ${room} has no round yet`);
  const phase = round.state === 'settled' ? 'crashed' : phaseAt(toEngineRound(round), nowMs);
  const isCrashed = phase === 'crashed';
  const recent = await ctx.db.query<{ crash_point_x100: number }>(
    "select crash_point_x100 from crash_rounds where room = $1 and state = 'settled' order by id desc limit $2",
    [room, RECENT_ROUNDS],
  );
  const config = CRASH_ROOMS[room];
  return {
    room,
    roundId: String(round.id),
    phase,
    bettingStartsAtMs: round.betting_starts_at.getTime(),
    flyingAtMs: round.flying_at.getTime(),
    crashAtMs: isCrashed ? round.crash_at.getTime() : null,
    crashPointX100: isCrashed ? round.crash_point_x100 : null,
    serverTimeMs: nowMs,
    minBet: formatMoney(config.minBetPaise),
    maxBet: formatMoney(config.maxBetPaise),
    maxWin: formatMoney(config.maxWinPaise),
    recent: recent.map((row) => row.crash_point_x100),
  };
}

export function registerCrashRoutes(app: FastifyInstance, ctx: AppContext, events: CrashEvents) {
  // The room account shards are looked up at start, not by the first bet's batch; a failure here (the
  // database not reachable yet) is simply tried again by the first batch.
  roomHouseAccounts(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'crash room accounts not found at start'));
  // Decisions use meta.receivedAtMs: the time the request arrived at this server, not when the
  // handler got to it after the session lookup.
  registerEndpoint(app, ctx, '/gameroket/getCurrent', ({ input, meta }) => currentRound(ctx, input.room, meta.receivedAtMs));
  registerEndpoint(
    app,
    ctx,
    '/gameroket/pour',
    async ({ input, session, meta }) => {
      const { bet, balance, newBetPlayerName } = await placeCrashBet(
        ctx,
        session.userId,
        {
          room: input.room,
          stakePaise: input.amount,
          autoCashoutX100: input.autoCashoutX100,
          slot: input.slot,
          requestKey: input.requestKey,
        },
        meta.receivedAtMs,
      );
      // A retry answered with the bet placed before is not news to the other players.
      if (newBetPlayerName !== null)
        events.emit('activity', {
          kind: 'bet',
          room: input.room,
          betId: bet.id,
          player: newBetPlayerName,
          amount: bet.amount,
          slot: bet.slot,
          roundId: bet.roundId,
        });
      return { bet, balance };
    },
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
    async ({ input, session, meta }) => {
      const { playerName, ...result } = await cashOut(ctx, session.userId, input.betId, meta.receivedAtMs);
      events.emit('activity', {
        kind: 'cashout',
        room: result.room,
        betId: result.bet.id,
        player: playerName,
        multiplierX100: result.multiplierX100,
        winAmount: result.winAmount,
      });
      return result;
    },
    SMALL_REPLIES,
  );

  registerEndpoint(app, ctx, '/gameroket/getHistoryByPage', async ({ input }) => {
    const rows = await ctx.db.query<{
      id: bigint;
      crash_point_x100: number;
      crash_at: Date;
      seed: string;
      chain_index: number;
      was_interrupted: boolean;
    }>(
      `select r.id, r.crash_point_x100, r.crash_at, s.seed, r.chain_index, r.was_interrupted
       from crash_rounds r join fair_seeds s on s.chain_id = r.chain_id and s.chain_index = r.chain_index
       where r.room = $1 and r.state = 'settled' order by r.id desc limit $2 offset $3`,
      [input.room, input.pageSize, (input.pageNum - 1) * input.pageSize],
    );
    const [counted] = await ctx.db.query<{ total: bigint }>(
      "select count(*) as total from crash_rounds where room = $1 and state = 'settled'",
      [input.room],
    );
    return {
      list: rows.map((row) => ({
        roundId: String(row.id),
        crashPointX100: row.crash_point_x100,
        crashTime: row.crash_at.toISOString(),
        seed: row.seed,
        chainIndex: row.chain_index,
        wasInterrupted: row.was_interrupted,
      })),
      total: Number(counted?.total ?? 0n),
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  });
  registerEndpoint(app, ctx, '/gameroket/getRoundBets', ({ input }) => findRoundBets(ctx.db, input.room));
  registerEndpoint(app, ctx, '/gameroket/getTopWins', ({ input, meta }) => findTopWins(ctx.db, input.room, meta.receivedAtMs));
  registerEndpoint(app, ctx, '/gameroket/getUserHistoryByPage', async ({ input, session }) => {
    const rows = await ctx.db.query<CrashBetRow>(
      `select ${CRASH_BET_COLUMNS}, ${REVEALED_CRASH_POINT}
       from crash_bets b left join crash_rounds r on r.id = b.round_id
       where b.user_id = $1 and b.room = $2 order by b.id desc limit $3 offset $4`,
      [session.userId, input.room, input.pageSize, (input.pageNum - 1) * input.pageSize],
    );
    const [counted] = await ctx.db.query<{ total: bigint }>(
      'select count(*) as total from crash_bets where user_id = $1 and room = $2',
      [session.userId, input.room],
    );
    return {
      list: rows.map(toCrashBetView),
      total: Number(counted?.total ?? 0n),
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  });
}
