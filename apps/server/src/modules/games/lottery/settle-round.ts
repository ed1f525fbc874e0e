import {
  BITGAME_SELECTIONS,
  bitgameMultiplier,
  LOTTERY_ROOMS,
  WINGO_SELECTIONS,
  wingoMultiplier,
  type LotteryRoom,
  type TLotteryResult,
} from '@mayur/contracts';
import { bitgameSum } from '@mayur/fairness';
import type { AppContext } from '../../../platform/context.ts';
import { findSeed } from '../../fairness/chains.ts';
import { postPreparedPayouts, preparePayoutsByShard } from '../../wallet/post-transfers.ts';
import { computeResult, toResultView } from './round-result.ts';

export type SettledRound = { room: LotteryRoom; period: string; result: TLotteryResult; winners: number };

/**
 * Payout multipliers of every selection for this result, as [selection, numerator, denominator], from
 * the same rule functions the bet view shows wins with (`wingoPayoutPaise`, `bitgamePayoutPaise`).
 */
function multipliers(room: LotteryRoom, number: number | null, digits: number[] | null): Array<[string, bigint, bigint]> {
  if (LOTTERY_ROOMS[room].game === 'wingo')
    return WINGO_SELECTIONS.map((selection) => [selection, ...wingoMultiplier(selection, number!)]);
  const sum = bitgameSum(digits!);
  return BITGAME_SELECTIONS.map((selection) => [selection, ...bitgameMultiplier(selection, sum)]);
}

/**
 * How many database connections one settlement posts its payouts over (one house shard per
 * transaction). The pool holds 20: this leaves most of them to players while the database uses both
 * cores. PGlite has one connection and takes the shards one after another.
 */
export const SETTLEMENT_CONNECTIONS = 4;

/**
 * Resolves and settles one round, exactly once, never before its period ends (the reveal).
 *
 * 1. The round is closed for good: a statement on its row waits for bets in flight (they share-lock
 *    it) and leaves it not open, so no bet gets in after the payouts are chosen.
 * 2. The result comes from the round's chain seed; each winning player gets one payout (the sum of
 *    their bets' wins, key `payout:<round>:<user>`), posted by the wallet in one transaction per room
 *    shard, several at once. Bets are not rewritten: their status and win follow from the result.
 * 3. Only when every shard has posted is the round marked settled with its result, and only by the
 *    caller whose statement changes the state: a retry, a second node or a repeated tick pays nothing
 *    twice (the keys) and announces the result once.
 * If a shard fails, the round stays unsettled with some winners paid; the clock retries it and the
 * retry posts only the missing payouts.
 */
export async function settleRound(ctx: AppContext, roundId: bigint, nowMs: number): Promise<SettledRound | null> {
  const now = new Date(nowMs);
  const [round] = await ctx.db.query<{ room: LotteryRoom; period: string; chain_id: number; chain_index: number; salt: string }>(
    `update lottery_rounds r set state = 'closed'
     from fair_chains c
     where r.id = $1 and r.state <> 'settled' and r.ends_at <= $2 and c.id = r.chain_id
     returning r.room, r.period, r.chain_id, r.chain_index, c.salt`,
    [roundId, now],
  );
  if (!round) return null;
  const seed = await findSeed(ctx.db, round.chain_id, round.chain_index);
  const { number, digits } = computeResult(LOTTERY_ROOMS[round.room].game, seed, round.salt);

  const table = multipliers(round.room, number, digits);
  const tableParams = [table.map((row) => row[0]), table.map((row) => row[1].toString()), table.map((row) => row[2].toString())];
  // Each bet's win is floor(delivery × num / den), as the rule functions compute it; each player is
  // paid the sum of their bets' wins, from their shard of the room's account, by the wallet.
  const prepared = await preparePayoutsByShard(ctx.db, {
    housePurpose: `room:${round.room}`,
    reason: 'payout',
    selectSql: `select 'payout:' || $1::bigint::text || ':' || b.user_id, b.user_id,
                         sum(b.delivery_paise * m.num / m.den)::bigint, 'round:' || $1::bigint::text
                  from lottery_bets b
                  join unnest($2::text[], $3::bigint[], $4::bigint[]) as m(selection, num, den) on m.selection = b.selection
                  where b.round_id = $1::bigint and m.num > 0
                  group by b.user_id
                  having sum(b.delivery_paise * m.num / m.den) > 0`,
    params: [roundId, ...tableParams],
  });
  const paid = await postPreparedPayouts(ctx.db, prepared, ctx.db.kind === 'pglite' ? 1 : SETTLEMENT_CONNECTIONS);
  const settled = await ctx.db.query(
    `update lottery_rounds set state = 'settled', settled_at = $2, result_number = $3, result_digits = $4
     where id = $1 and state <> 'settled' returning id`,
    [roundId, now, number, digits],
  );
  if (settled.length === 0) return null;
  return {
    room: round.room,
    period: round.period,
    result: toResultView(number, digits),
    winners: paid.postedCount + paid.replayedCount,
  };
}
