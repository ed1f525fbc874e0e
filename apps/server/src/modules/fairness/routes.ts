import { CRASH_ROOM_IDS, LOTTERY_ROOMS, lotteryResultView, type LotteryRoom } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';

function gameRoom(game: string, room: string): string {
  if (game === 'crash') {
    if (!(CRASH_ROOM_IDS as string[]).includes(room))
      throw new AppError('ROOM_UNKNOWN', `no crash room ${room}`, { field: 'room' });
    return room;
  }
  return lotteryRoom(game, room);
}

function lotteryRoom(game: string, room: string): LotteryRoom {
  const config = (LOTTERY_ROOMS as Record<string, { game: string } | undefined>)[room];
  if (!config || config.game !== game) throw new AppError('ROOM_UNKNOWN', `no ${game} room ${room}`, { field: 'room' });
  return room as LotteryRoom;
}

export function registerFairnessRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/fair/chain', async ({ input }) => {
    const room = gameRoom(input.game, input.room);
    const rows = await ctx.db.query<{ id: number; commitment: string; salt: string; chain_length: number; edge: number }>(
      'select id, commitment, salt, chain_length, edge from fair_chains where room = $1 and is_active',
      [room],
    );
    const chain = rows[0];
    if (!chain) throw new AppError('ROOM_UNKNOWN', `room ${room} has no chain yet`);
    return {
      chainId: chain.id,
      commitment: chain.commitment,
      salt: chain.salt,
      chainLength: chain.chain_length,
      edge: chain.edge,
    };
  });

  // The seed of a round is revealed only once it is settled; before that only its place in the chain.
  registerEndpoint(app, ctx, '/fair/round', async ({ input }) => {
    if (input.game === 'crash') return crashRound(ctx, gameRoom('crash', input.room), input.roundId);
    const room = lotteryRoom(input.game, input.room);
    if (!input.period) throw new AppError('PERIOD_UNKNOWN', 'a lottery round is named by its period', { field: 'period' });
    const rows = await ctx.db.query<{
      chain_id: number;
      chain_index: number;
      commitment: string;
      salt: string;
      state: string;
      seed: string;
      result_number: number | null;
      result_digits: number[] | null;
      edge: number;
    }>(
      `select r.chain_id, r.chain_index, c.commitment, c.salt, c.edge, r.state, s.seed, r.result_number, r.result_digits
       from lottery_rounds r join fair_chains c on c.id = r.chain_id
       join fair_seeds s on s.chain_id = r.chain_id and s.chain_index = r.chain_index
       where r.room = $1 and r.period = $2`,
      [room, input.period],
    );
    const round = rows[0];
    if (!round) throw new AppError('PERIOD_UNKNOWN', `no period ${input.period} in ${room}`, { field: 'period' });
    const isRevealed = round.state === 'settled';
    return {
      chainId: round.chain_id,
      chainIndex: round.chain_index,
      commitment: round.commitment,
      salt: round.salt,
      seed: isRevealed ? round.seed : null,
      result: isRevealed ? lotteryResultView(round.result_number, round.result_digits) : null,
      crashPointX100: null,
      edge: round.edge,
    };
  });
}

/** A crash round, named by its id: the seed and crash point only once it has crashed and settled. */
async function crashRound(ctx: AppContext, room: string, roundId: string | undefined) {
  if (!roundId || !/^\d{1,18}$/.test(roundId))
    throw new AppError('ROUND_UNKNOWN', 'a crash round is named by its roundId', { field: 'roundId' });
  const rows = await ctx.db.query<{
    chain_id: number;
    chain_index: number;
    commitment: string;
    salt: string;
    state: string;
    seed: string;
    crash_point_x100: number;
    edge: number;
  }>(
    `select r.chain_id, r.chain_index, c.commitment, c.salt, c.edge, r.state, s.seed, r.crash_point_x100
     from crash_rounds r join fair_chains c on c.id = r.chain_id
     join fair_seeds s on s.chain_id = r.chain_id and s.chain_index = r.chain_index
     where r.room = $1 and r.id = $2`,
    [room, roundId],
  );
  const round = rows[0];
  if (!round) throw new AppError('ROUND_UNKNOWN', `no round ${roundId} in ${room}`, { field: 'roundId' });
  const isRevealed = round.state === 'settled';
  return {
    chainId: round.chain_id,
    chainIndex: round.chain_index,
    commitment: round.commitment,
    salt: round.salt,
    seed: isRevealed ? round.seed : null,
    result: null,
    crashPointX100: isRevealed ? round.crash_point_x100 : null,
    edge: round.edge,
  };
}
