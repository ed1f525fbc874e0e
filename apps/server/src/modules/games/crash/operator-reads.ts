import { CRASH_ROOMS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import { DAY_MS } from '@mayur/rules/kolkata-day';
import type { Queryable } from '../../../platform/db/db.ts';
import { chainsByRoom, sumStakeDays } from '../operator-views.ts';

// The crash rooms' reads for the back office's games screen, handed to it through app.ts so
// the back office never imports a game. Pure SELECTs: nothing here writes. While a round is unsettled
// neither its seed nor its crash point (nor its crash time, which would give the point away) is read
// out of the database: the phase is computed in the query, and the seed's join carries `settled`.

function isCrashRoom(room: string): room is CrashRoomId {
  return Object.hasOwn(CRASH_ROOMS, room);
}

export async function findCrashRoomStates(db: Queryable, now: Date) {
  const live = await db.query<{
    id: string;
    room: string;
    phase: 'betting' | 'flying' | 'crashed';
    betting_starts_at: Date;
    flying_at: Date;
    open_bets: number;
    stakes_in_play_paise: bigint;
    cashed_out_bets: number;
    cashed_out_wins_paise: bigint;
  }>(
    `select r.id::text as id, r.room,
            case when $1 < r.flying_at then 'betting' when $1 < r.crash_at then 'flying' else 'crashed' end as phase,
            r.betting_starts_at, r.flying_at,
            count(b.id) filter (where b.status = 'open')::int as open_bets,
            coalesce(sum(b.stake_paise) filter (where b.status = 'open'), 0)::bigint as stakes_in_play_paise,
            count(b.id) filter (where b.status = 'cashed_out')::int as cashed_out_bets,
            coalesce(sum(b.win_paise) filter (where b.status = 'cashed_out'), 0)::bigint as cashed_out_wins_paise
     from crash_rounds r left join crash_bets b on b.round_id = r.id
     where r.state = 'live'
     group by r.id`,
    [now],
  );
  const chains = chainsByRoom(
    await db.query<{ id: number; room: string; commitment: string; salt: string; chain_length: number }>(
      `select id, room, commitment, salt, chain_length from fair_chains where is_active and game = 'crash'`,
    ),
  );
  return (Object.keys(CRASH_ROOMS) as CrashRoomId[]).map((room) => {
    const round = live.find((row) => row.room === room);
    return {
      room,
      game: 'crash' as const,
      period: null,
      roundId: round?.id ?? null,
      phase: round?.phase ?? ('idle' as const),
      bettingClosesAt: round?.flying_at ?? null,
      endsAt: null,
      chain: chains.get(room) ?? null,
      exposure: {
        openBets: round?.open_bets ?? 0,
        stakesInPlayPaise: BigInt(round?.stakes_in_play_paise ?? 0n),
        cashedOutBets: round?.cashed_out_bets ?? 0,
        cashedOutWinsPaise: BigInt(round?.cashed_out_wins_paise ?? 0n),
      },
    };
  });
}

/** A room's last rounds, newest first; the seed and crash point only of settled rounds. Null: not a crash room. */
export async function findCrashRounds(db: Queryable, room: string, limit: number) {
  if (!isCrashRoom(room)) return null;
  const rows = await db.query<{
    id: string;
    state: string;
    betting_starts_at: Date;
    settled_at: Date | null;
    chain_id: number;
    chain_index: number;
    commitment: string;
    seed: string | null;
    crash_point_x100: number | null;
    bets: number;
    stakes_paise: bigint;
  }>(
    `select r.id::text as id, r.state, r.betting_starts_at, r.settled_at, r.chain_id, r.chain_index, c.commitment, s.seed,
            case when r.state = 'settled' then r.crash_point_x100 end as crash_point_x100,
            (select count(*)::int from crash_bets b where b.round_id = r.id and b.status not in ('cancelled', 'refunded')) as bets,
            (select coalesce(sum(b.stake_paise), 0)::bigint from crash_bets b
              where b.round_id = r.id and b.status not in ('cancelled', 'refunded')) as stakes_paise
     from crash_rounds r
     join fair_chains c on c.id = r.chain_id
     left join fair_seeds s on r.state = 'settled' and s.chain_id = r.chain_id and s.chain_index = r.chain_index
     where r.room = $1
     order by r.id desc limit $2`,
    [room, limit],
  );
  return rows.map((row) => {
    const isSettled = row.state === 'settled';
    return {
      round: row.id,
      state: row.state,
      startsAt: row.betting_starts_at,
      settledAt: row.settled_at,
      chainId: row.chain_id,
      chainIndex: row.chain_index,
      commitment: row.commitment,
      seed: isSettled ? row.seed : null,
      result: isSettled && row.crash_point_x100 !== null ? String(row.crash_point_x100) : null,
      bets: row.bets,
      stakesPaise: BigInt(row.stakes_paise),
    };
  });
}

/**
 * Stakes and wins per room and business day from `since`, of bets in settled rounds that played (refunded
 * and cancelled ones did not), by the time they were placed; expected wins under the room's chain edge (a cash-out at
 * any multiplier returns 1 − edge of the stake on average).
 */
export async function findCrashStakeDays(db: Queryable, since: Date, dayOffsetMs: number) {
  const rows = await db.query<{
    room: string;
    day: number;
    edge: number;
    bets: number;
    stakes_paise: bigint;
    wins_paise: bigint;
  }>(
    `select b.room, floor((extract(epoch from b.created_at) * 1000 + $2) / ${DAY_MS})::int as day, c.edge,
            count(*)::int as bets, sum(b.stake_paise)::bigint as stakes_paise, sum(b.win_paise)::bigint as wins_paise
     from crash_bets b join crash_rounds r on r.id = b.round_id join fair_chains c on c.id = r.chain_id
     where b.created_at >= $1 and r.state = 'settled' and b.status in ('cashed_out', 'lost')
     group by 1, 2, 3`,
    [since, dayOffsetMs],
  );
  return sumStakeDays(
    rows.map((row) => ({
      room: row.room,
      day: row.day,
      bets: row.bets,
      stakesPaise: BigInt(row.stakes_paise),
      expectedWinsPaise: (BigInt(row.stakes_paise) * BigInt(100 - row.edge)) / 100n,
      winsPaise: BigInt(row.wins_paise),
    })),
  );
}
