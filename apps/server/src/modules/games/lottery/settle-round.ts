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
import { postPayoutsFromQuery } from '../../wallet/post-transfers.ts';
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
 * Resolves and settles one round in one transaction, exactly once: the state change to 'settled' is
 * the guard (a second caller, or a restart, finds nothing to do), the result comes from the round's
 * chain seed, and each winning player gets one payout (the sum over their bets) from one set-based
 * statement through the wallet's batch posting. Bets are not rewritten: their status and win follow
 * from the result. Bets already in flight hold a share lock on the round row, so this waits for them.
 */
export async function settleRound(ctx: AppContext, roundId: bigint, nowMs: number): Promise<SettledRound | null> {
  return ctx.db.transaction(async (tx) => {
    const now = new Date(nowMs);
    const claimed = await tx.query<{ room: LotteryRoom; period: string; chain_id: number; chain_index: number; salt: string }>(
      `update lottery_rounds r set state = 'settled', settled_at = $2
       from fair_chains c
       where r.id = $1 and r.state <> 'settled' and r.ends_at <= $2 and c.id = r.chain_id
       returning r.room, r.period, r.chain_id, r.chain_index, c.salt`,
      [roundId, now],
    );
    const round = claimed[0];
    if (!round) return null;
    const seed = await findSeed(tx, round.chain_id, round.chain_index);
    const { number, digits } = computeResult(LOTTERY_ROOMS[round.room].game, seed, round.salt);
    await tx.query('update lottery_rounds set result_number = $2, result_digits = $3 where id = $1', [roundId, number, digits]);

    const table = multipliers(round.room, number, digits);
    const tableParams = [
      table.map((row) => row[0]),
      table.map((row) => row[1].toString()),
      table.map((row) => row[2].toString()),
    ];
    // Each bet's win is floor(delivery × num / den), as the rule functions compute it; each player is
    // paid the sum of their bets' wins, from the room's account, by the wallet.
    const { postedCount } = await postPayoutsFromQuery(tx, {
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
    return { room: round.room, period: round.period, result: toResultView(number, digits), winners: postedCount };
  });
}
