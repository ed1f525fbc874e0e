import {
  BITGAME_SELECTIONS,
  LOTTERY_ROOMS,
  WINGO_SELECTIONS,
  wingoMultiplier,
  type LotteryRoom,
  type TLotteryResult,
} from '@mayur/contracts';
import { bitgameSize, bitgameSum } from '@mayur/fairness';
import type { AppContext } from '../../../platform/context.ts';
import { findSeed } from '../../fairness/chains.ts';
import { HOUSE_SHARD_COUNT } from '../../wallet/accounts.ts';
import { postTransfersFromQuery } from '../../wallet/post-transfers.ts';
import { computeResult, toResultView } from './round-result.ts';

export type SettledRound = { room: LotteryRoom; period: string; result: TLotteryResult; winners: number };

/** Payout multipliers of every selection for this result, as [selection, numerator, denominator]. */
function multipliers(room: LotteryRoom, number: number | null, digits: number[] | null): Array<[string, bigint, bigint]> {
  if (LOTTERY_ROOMS[room].game === 'wingo')
    return WINGO_SELECTIONS.map((selection) => [selection, ...wingoMultiplier(selection, number!)]);
  const size = bitgameSize(bitgameSum(digits!));
  return BITGAME_SELECTIONS.map((selection) => [selection, selection === size ? 195n : 0n, 100n]);
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
    const payout = 'b.delivery_paise * m.num / m.den';
    const { postedCount } = await postTransfersFromQuery(
      tx,
      `select 'payout:' || $1::bigint::text || ':' || w.user_id, house.id, cash.id, w.win, 'payout', 'round:' || $1::bigint::text
       from (
         select b.user_id, sum(${payout})::bigint as win
         from lottery_bets b
         join unnest($2::text[], $3::bigint[], $4::bigint[]) as m(selection, num, den) on m.selection = b.selection
         where b.round_id = $1::bigint and m.num > 0
         group by b.user_id
       ) w
       join ledger_accounts cash on cash.user_id = w.user_id and cash.kind = 'cash'
       join ledger_accounts house on house.purpose = $5 || '#' || (w.user_id % ${HOUSE_SHARD_COUNT})::text
       where w.win > 0`,
      [roundId, ...tableParams, `room:${round.room}`],
    );
    return { room: round.room, period: round.period, result: toResultView(number, digits), winners: postedCount };
  });
}
