import {
  BITGAME_SELECTIONS,
  bitgameMultiplier,
  LOTTERY_ROOMS,
  WINGO_SELECTIONS,
  wingoMultiplier,
  type LotteryRoom,
} from '@mayur/rules/lottery-rooms';
import { bitgameSum } from '@mayur/rules/lottery-rules';
import type { Queryable } from '../../../platform/db/db.ts';

/** A settled lottery payout: one player's wins in one round, summed as the payout transfer is. */
export type LotteryWin = { userId: number; nickName: string; room: LotteryRoom; amountPaise: bigint; atMs: number };

/** How many of the newest settled rounds (all rooms together) are searched for wins. */
const RECENT_ROUNDS = 40;

type RoundRow = { id: bigint; room: LotteryRoom; result_number: number | null; result_digits: number[] | null };

/** Every selection's payout multiplier for a round's stored result, from the same rule functions settlement pays by. */
function multipliers(round: RoundRow): Array<[string, bigint, bigint]> {
  if (LOTTERY_ROOMS[round.room].game === 'wingo')
    return WINGO_SELECTIONS.map((selection) => [selection, ...wingoMultiplier(selection, round.result_number!)]);
  const sum = bitgameSum(round.result_digits!);
  return BITGAME_SELECTIONS.map((selection) => [selection, ...bitgameMultiplier(selection, sum)]);
}

/**
 * The real wins of at least `minPaise` in the newest settled rounds since `sinceMs`, newest first: each
 * player's payout of a round (the sum of their bets' floor(delivery × num / den), as `chooseRoundPayouts`
 * pays it). Reads only.
 */
export async function findRecentLotteryWins(
  db: Queryable,
  query: { minPaise: bigint; limit: number; sinceMs: number },
): Promise<LotteryWin[]> {
  const rounds = await db.query<RoundRow & { settled_at: Date }>(
    `select id, room, result_number, result_digits, settled_at from lottery_rounds
     where state = 'settled' order by id desc limit $1`,
    [RECENT_ROUNDS],
  );
  const recent = rounds.filter((round) => round.settled_at.getTime() >= query.sinceMs && round.room in LOTTERY_ROOMS);
  if (recent.length === 0) return [];
  const table = recent.flatMap((round) => multipliers(round).map((row) => [round.id, ...row] as const));
  const rows = await db.query<{ user_id: number; nick_name: string; room: LotteryRoom; amount: bigint; settled_at: Date }>(
    `select b.user_id, u.nick_name, r.room, sum(b.delivery_paise * m.num / m.den)::bigint as amount, r.settled_at
     from lottery_bets b
     join unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[]) as m(round_id, selection, num, den)
       on m.round_id = b.round_id and m.selection = b.selection
     join lottery_rounds r on r.id = b.round_id
     join users u on u.id = b.user_id
     where b.round_id = any($1::bigint[]) and m.num > 0
     group by b.round_id, b.user_id, u.nick_name, r.room, r.settled_at
     having sum(b.delivery_paise * m.num / m.den) >= $5
     order by r.settled_at desc, b.round_id desc, amount desc
     limit $6`,
    [
      table.map((row) => row[0].toString()),
      table.map((row) => row[1]),
      table.map((row) => row[2].toString()),
      table.map((row) => row[3].toString()),
      query.minPaise.toString(),
      query.limit,
    ],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    nickName: row.nick_name,
    room: row.room,
    amountPaise: BigInt(row.amount),
    atMs: row.settled_at.getTime(),
  }));
}
