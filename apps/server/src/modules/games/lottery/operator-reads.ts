import {
  BITGAME_SELECTIONS,
  LOTTERY_ROOMS,
  WINGO_SELECTIONS,
  bitgameMultiplier,
  wingoMultiplier,
  type LotteryRoom,
} from '@mayur/rules/lottery-rooms';
import { DAY_MS } from '@mayur/rules/kolkata-day';
import type { Queryable } from '../../../platform/db/db.ts';
import { chainsByRoom, sumStakeDays } from '../operator-views.ts';

// The lottery's reads for the back office's games screen, handed to it through app.ts so the
// back office never imports a game. Pure SELECTs: nothing here writes, and a round's seed is read only
// when the round is settled (the join on fair_seeds carries the condition), so an unrevealed seed never
// leaves the database, let alone the server. No outcome is an input of any of them.

/** Expected-return factors are exact in millionths for every published multiplier. */
const MICRO = 1_000_000n;

function isLotteryRoom(room: string): room is LotteryRoom {
  return Object.hasOwn(LOTTERY_ROOMS, room);
}

export async function findLotteryRoomStates(db: Queryable, now: Date) {
  const rounds = await db.query<{ room: string; period: string; state: string; betting_closes_at: Date; ends_at: Date }>(
    `select distinct on (room) room, period, state, betting_closes_at, ends_at
     from lottery_rounds where starts_at <= $1 order by room, starts_at desc`,
    [now],
  );
  const chains = chainsByRoom(
    await db.query<{ id: number; room: string; commitment: string; salt: string; chain_length: number }>(
      `select id, room, commitment, salt, chain_length from fair_chains where is_active and game in ('wingo', 'bitgame')`,
    ),
  );
  return (Object.keys(LOTTERY_ROOMS) as LotteryRoom[]).map((room) => {
    const round = rounds.find((row) => row.room === room && row.ends_at.getTime() > now.getTime());
    const phase: 'betting' | 'closed' | 'idle' = !round
      ? 'idle'
      : round.state === 'open' && round.betting_closes_at.getTime() > now.getTime()
        ? 'betting'
        : 'closed';
    return {
      room,
      game: LOTTERY_ROOMS[room].game,
      period: round?.period ?? null,
      roundId: null,
      phase,
      bettingClosesAt: round?.betting_closes_at ?? null,
      endsAt: round?.ends_at ?? null,
      chain: chains.get(room) ?? null,
      exposure: null,
    };
  });
}

/** A room's last rounds, newest first; the seed and the result only of settled rounds. Null: not a lottery room. */
export async function findLotteryRounds(db: Queryable, room: string, limit: number) {
  if (!isLotteryRoom(room)) return null;
  const rows = await db.query<{
    period: string;
    state: string;
    starts_at: Date;
    settled_at: Date | null;
    chain_id: number;
    chain_index: number;
    commitment: string;
    seed: string | null;
    result_number: number | null;
    result_digits: number[] | null;
    bets: number;
    stakes_paise: bigint;
  }>(
    `select r.period, r.state, r.starts_at, r.settled_at, r.chain_id, r.chain_index, c.commitment, s.seed,
            r.result_number, r.result_digits,
            (select count(*)::int from lottery_bets b where b.round_id = r.id) as bets,
            (select coalesce(sum(b.stake_paise), 0)::bigint from lottery_bets b where b.round_id = r.id) as stakes_paise
     from lottery_rounds r
     join fair_chains c on c.id = r.chain_id
     left join fair_seeds s on r.state = 'settled' and s.chain_id = r.chain_id and s.chain_index = r.chain_index
     where r.room = $1
     order by r.starts_at desc limit $2`,
    [room, limit],
  );
  return rows.map((row) => {
    const isSettled = row.state === 'settled';
    const result = !isSettled
      ? null
      : row.result_digits
        ? row.result_digits.join('')
        : row.result_number !== null
          ? String(row.result_number)
          : null;
    return {
      round: row.period,
      state: row.state,
      startsAt: row.starts_at,
      settledAt: row.settled_at,
      chainId: row.chain_id,
      chainIndex: row.chain_index,
      commitment: row.commitment,
      seed: isSettled ? row.seed : null,
      result,
      bets: row.bets,
      stakesPaise: BigInt(row.stakes_paise),
    };
  });
}

/** Expected payout per paisa of delivery for a selection, in millionths, over every equally likely outcome. */
function expectedFactorMicro(game: 'wingo' | 'bitgame', selection: string): bigint | null {
  if (game === 'wingo') {
    if (!(WINGO_SELECTIONS as readonly string[]).includes(selection)) return null;
    let sum = 0n;
    for (let n = 0; n < 10; n++) {
      const [numerator, denominator] = wingoMultiplier(selection as (typeof WINGO_SELECTIONS)[number], n);
      sum += (numerator * MICRO) / denominator;
    }
    return sum / 10n;
  }
  if (!(BITGAME_SELECTIONS as readonly string[]).includes(selection)) return null;
  let sum = 0n;
  for (let digits = 0; digits < 1000; digits++) {
    const digitSum = Math.floor(digits / 100) + (Math.floor(digits / 10) % 10) + (digits % 10);
    const [numerator, denominator] = bitgameMultiplier(selection as (typeof BITGAME_SELECTIONS)[number], digitSum);
    sum += (numerator * MICRO) / denominator;
  }
  return sum / 1000n;
}

/**
 * Stakes per room and business day from `since` (bets by the time they were placed), with what those
 * very bets are expected to win under the published multipliers. Wins are the ledger's (null here).
 */
export async function findLotteryStakeDays(db: Queryable, since: Date, dayOffsetMs: number) {
  const rows = await db.query<{
    room: string;
    day: number;
    selection: string;
    bets: number;
    stakes_paise: bigint;
    delivery_paise: bigint;
  }>(
    `select r.room, floor((extract(epoch from b.created_at) * 1000 + $2) / ${DAY_MS})::int as day, b.selection,
            count(*)::int as bets, sum(b.stake_paise)::bigint as stakes_paise, sum(b.delivery_paise)::bigint as delivery_paise
     from lottery_bets b join lottery_rounds r on r.id = b.round_id
     where b.created_at >= $1
     group by 1, 2, 3`,
    [since, dayOffsetMs],
  );
  return sumStakeDays(
    rows.flatMap((row) => {
      if (!isLotteryRoom(row.room)) return [];
      const factor = expectedFactorMicro(LOTTERY_ROOMS[row.room].game, row.selection) ?? 0n;
      return [
        {
          room: row.room,
          day: row.day,
          bets: row.bets,
          stakesPaise: BigInt(row.stakes_paise),
          expectedWinsPaise: (BigInt(row.delivery_paise) * factor) / MICRO,
          winsPaise: null,
        },
      ];
    }),
  );
}
