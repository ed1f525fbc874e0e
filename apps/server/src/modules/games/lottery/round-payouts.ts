import {
  BITGAME_SELECTIONS,
  bitgameMultiplier,
  LOTTERY_ROOMS,
  WINGO_SELECTIONS,
  wingoMultiplier,
  type LotteryRoom,
} from '@mayur/rules/lottery-rooms';
import { bitgameSum } from '@mayur/fairness';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db/db.ts';
import { planEachRun } from '../../../platform/db/plan-each-run.ts';
import { findSeed } from '../../fairness/chains.ts';
import { MAX_PAYOUT_ROWS, preparePayouts, type PreparedPayouts } from '../../wallet/ledger.ts';
import { computeResult } from './round-result.ts';

/** A closed round's result and the payouts it owes, chosen and checked, not posted. */
export type RoundPayouts = {
  roundId: bigint;
  number: number | null;
  digits: number[] | null;
  /** In parts of at most MAX_PAYOUT_ROWS winners, in user order: one part but for the largest rounds. */
  payouts: PreparedPayouts[];
};

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
 * Resolves a round's result from its chain seed and chooses one payout per winning player: the sum of
 * their bets' wins, each floor(delivery × num / den) as the rule functions compute it, which the wallet
 * prepares to pay from their shard of the room's account. Winners are read in user order, at most
 * `partRows` at a time (one part but for the largest rounds). Reads only; the round must be closed (no
 * bet can follow).
 */
export async function chooseRoundPayouts(
  ctx: Pick<AppContext, 'db'>,
  roundId: bigint,
  partRows = MAX_PAYOUT_ROWS,
): Promise<RoundPayouts> {
  const [round] = await ctx.db.query<{ room: LotteryRoom; chain_id: number; chain_index: number; salt: string }>(
    'select r.room, r.chain_id, r.chain_index, c.salt from lottery_rounds r join fair_chains c on c.id = r.chain_id where r.id = $1',
    [roundId],
  );
  if (!round) throw new Error(`no lottery round ${roundId}`);
  const seed = await findSeed(ctx.db, round.chain_id, round.chain_index);
  const { number, digits } = computeResult(LOTTERY_ROOMS[round.room].game, seed, round.salt);
  const table = multipliers(round.room, number, digits);
  const payouts: PreparedPayouts[] = [];
  for (let afterUserId = 0; ;) {
    // Planned for this round's own size, as the wallet plans its bulk statements.
    const winners = await ctx.db.transaction(async (tx) => {
      await planEachRun(tx);
      return tx.query<{ user_id: number; win_paise: bigint }>(
        `select b.user_id, sum(b.delivery_paise * m.num / m.den)::bigint as win_paise
         from lottery_bets b
         join unnest($2::text[], $3::bigint[], $4::bigint[]) as m(selection, num, den) on m.selection = b.selection
         where b.round_id = $1::bigint and m.num > 0 and b.user_id > $5
         group by b.user_id
         having sum(b.delivery_paise * m.num / m.den) > 0
         order by b.user_id
         limit $6`,
        [
          roundId,
          table.map((row) => row[0]),
          table.map((row) => row[1].toString()),
          table.map((row) => row[2].toString()),
          afterUserId,
          partRows,
        ],
      );
    });
    payouts.push(
      await preparePayouts(ctx.db, {
        housePurpose: `room:${round.room}`,
        reason: 'payout',
        rows: winners.map((winner) => ({
          idempotencyKey: `payout:${roundId}:${winner.user_id}`,
          userId: winner.user_id,
          amountPaise: winner.win_paise,
          reference: `round:${roundId}`,
        })),
      }),
    );
    if (winners.length < partRows) return { roundId, number, digits, payouts };
    afterUserId = winners.at(-1)!.user_id;
  }
}

/**
 * Payouts chosen when betting closed, kept in this process until the period's end, when settlement
 * posts them: the five seconds of the 1-minute room's result window then go to choosing, not to the
 * reveal's critical path. They are only ever read by the node that chose them; any other node, or this
 * one after a restart, chooses again. At most one round per room is kept.
 */
const chosenByDb = new WeakMap<Db, Map<bigint, RoundPayouts>>();
const MAX_KEPT_ROUNDS = Object.keys(LOTTERY_ROOMS).length;

export function keepChosenPayouts(db: Db, chosen: RoundPayouts): void {
  let kept = chosenByDb.get(db);
  if (!kept) chosenByDb.set(db, (kept = new Map()));
  kept.set(chosen.roundId, chosen);
  for (const roundId of kept.keys()) if (kept.size > MAX_KEPT_ROUNDS) kept.delete(roundId);
}

/** The payouts kept for a round, handed out once. */
export function takeChosenPayouts(db: Db, roundId: bigint): RoundPayouts | undefined {
  const kept = chosenByDb.get(db);
  const chosen = kept?.get(roundId);
  kept?.delete(roundId);
  return chosen;
}
