import { isRowId } from '@mayur/rules/field-rules';
import { lotteryResultView, type LotteryResultView } from '@mayur/rules/lottery-rules';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { gameRoom, lotteryRoom } from './fair-room.ts';

type RoundChainRow = {
  chain_id: number;
  chain_index: number;
  commitment: string;
  salt: string;
  state: string;
  seed: string;
  edge: number;
};

/**
 * A round's place in its room's chain, so a player can recompute it: a lottery round is named by its
 * period, a crash round by its id. The seed and the result are revealed only once the round is settled;
 * before that only its place in the chain.
 */
export async function findFairRound(
  db: Queryable,
  input: { game: string; room: string; period?: string | undefined; roundId?: string | undefined },
) {
  if (input.game === 'crash') return findCrashRound(db, gameRoom('crash', input.room), input.roundId);
  const room = lotteryRoom(input.game, input.room);
  if (!input.period) throw new AppError('PERIOD_UNKNOWN', 'a lottery round is named by its period', { field: 'period' });
  const rows = await db.query<RoundChainRow & { result_number: number | null; result_digits: number[] | null }>(
    `select r.chain_id, r.chain_index, c.commitment, c.salt, c.edge, r.state, s.seed, r.result_number, r.result_digits
     from lottery_rounds r join fair_chains c on c.id = r.chain_id
     join fair_seeds s on s.chain_id = r.chain_id and s.chain_index = r.chain_index
     where r.room = $1 and r.period = $2`,
    [room, input.period],
  );
  const round = rows[0];
  if (!round) throw new AppError('PERIOD_UNKNOWN', `no period ${input.period} in ${room}`, { field: 'period' });
  return fairRoundView(round, {
    result: lotteryResultView(round.result_number, round.result_digits),
    crashPointX100: null,
  });
}

/** A crash round, named by its id: the seed and crash point only once it has crashed and settled. */
async function findCrashRound(db: Queryable, room: string, roundId: string | undefined) {
  if (!roundId || !isRowId(roundId))
    throw new AppError('ROUND_UNKNOWN', 'a crash round is named by its roundId', { field: 'roundId' });
  const rows = await db.query<RoundChainRow & { crash_point_x100: number }>(
    `select r.chain_id, r.chain_index, c.commitment, c.salt, c.edge, r.state, s.seed, r.crash_point_x100
     from crash_rounds r join fair_chains c on c.id = r.chain_id
     join fair_seeds s on s.chain_id = r.chain_id and s.chain_index = r.chain_index
     where r.room = $1 and r.id = $2`,
    [room, roundId],
  );
  const round = rows[0];
  if (!round) throw new AppError('ROUND_UNKNOWN', `no round ${roundId} in ${room}`, { field: 'roundId' });
  return fairRoundView(round, { result: null, crashPointX100: round.crash_point_x100 });
}

/** A round's place in its chain, its edge, and its seed and outcome only once it is settled. */
function fairRoundView(round: RoundChainRow, outcome: { result: LotteryResultView | null; crashPointX100: number | null }) {
  const isRevealed = round.state === 'settled';
  return {
    chainId: round.chain_id,
    chainIndex: round.chain_index,
    commitment: round.commitment,
    salt: round.salt,
    seed: isRevealed ? round.seed : null,
    result: isRevealed ? outcome.result : null,
    crashPointX100: isRevealed ? outcome.crashPointX100 : null,
    edge: round.edge,
  };
}
