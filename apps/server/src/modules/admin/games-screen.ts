import { formatMoney } from '@mayur/rules/money';
import { DAY_MS, KOLKATA_OFFSET_MS } from '@mayur/rules/kolkata-day';
import {
  GAMES_ROUNDS_LIMIT,
  GAMES_RTP_DAYS,
  type TAdminGameRoomsResponse,
  type TAdminGameRoundsResponse,
  type TAdminGameRtpDay,
  type TAdminGameRtpResponse,
} from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { findLedgerDaySums } from '../wallet/ledger-reports.ts';
import { Refusal } from '../../platform/refusal.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { registerAdminEndpoint } from './register-admin-endpoint.ts';

// The games screen: read-only. The back office neither imports a game nor names its tables;
// each game hands its own reads (pure SELECTs in games/<game>/operator-reads.ts, which answer a seed only
// for a settled round) through this port, wired in app.ts. Nothing here takes an outcome as input, and
// every read runs in a transaction the database itself keeps read-only.

type RoomState = {
  room: string;
  game: 'wingo' | 'bitgame' | 'crash';
  period: string | null;
  roundId: string | null;
  phase: 'betting' | 'closed' | 'flying' | 'crashed' | 'idle';
  bettingClosesAt: Date | null;
  endsAt: Date | null;
  chain: { chainId: number; commitment: string; salt: string; chainLength: number } | null;
  exposure: { openBets: number; stakesInPlayPaise: bigint; cashedOutBets: number; cashedOutWinsPaise: bigint } | null;
};
type RoundRow = {
  round: string;
  state: string;
  startsAt: Date;
  settledAt: Date | null;
  chainId: number;
  chainIndex: number;
  commitment: string;
  seed: string | null;
  result: string | null;
  bets: number;
  stakesPaise: bigint;
};
type StakeDay = {
  room: string;
  day: number;
  bets: number;
  stakesPaise: bigint;
  expectedWinsPaise: bigint;
  /** The game's own record of wins, or null when they are the ledger's payouts from the room. */
  winsPaise: bigint | null;
};

/** One game's reads, as the back office needs them; app.ts passes one per game. */
export type GameOperatorReads = {
  roomStates(db: Queryable, now: Date): Promise<RoomState[]>;
  /** Null when the room is not this game's. */
  rounds(db: Queryable, room: string, limit: number): Promise<RoundRow[] | null>;
  stakeDays(db: Queryable, since: Date, dayOffsetMs: number): Promise<StakeDay[]>;
};

function dayLabel(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

function basisPoints(part: bigint, whole: bigint): number | null {
  return whole > 0n ? Number((part * 10_000n) / whole) : null;
}

export async function findGameRooms(
  db: Queryable,
  reads: readonly GameOperatorReads[],
  now: Date,
): Promise<TAdminGameRoomsResponse> {
  const states: RoomState[] = [];
  for (const read of reads) states.push(...(await read.roomStates(db, now)));
  return {
    at: now.toISOString(),
    rooms: states.map((state) => ({
      room: state.room,
      game: state.game,
      period: state.period,
      roundId: state.roundId,
      phase: state.phase,
      bettingClosesAt: state.bettingClosesAt?.toISOString() ?? null,
      endsAt: state.endsAt?.toISOString() ?? null,
      chain: state.chain,
      exposure: state.exposure && {
        openBets: state.exposure.openBets,
        stakesInPlay: formatMoney(state.exposure.stakesInPlayPaise),
        cashedOutBets: state.exposure.cashedOutBets,
        cashedOutWins: formatMoney(state.exposure.cashedOutWinsPaise),
      },
    })),
  };
}

export async function findGameRounds(
  db: Queryable,
  reads: readonly GameOperatorReads[],
  room: string,
): Promise<TAdminGameRoundsResponse> {
  for (const read of reads) {
    const rounds = await read.rounds(db, room, GAMES_ROUNDS_LIMIT);
    if (rounds === null) continue;
    return {
      room,
      rounds: rounds.map((round) => ({
        round: round.round,
        state: round.state,
        startsAt: round.startsAt.toISOString(),
        settledAt: round.settledAt?.toISOString() ?? null,
        chainId: round.chainId,
        chainIndex: round.chainIndex,
        commitment: round.commitment,
        seed: round.seed,
        result: round.result,
        bets: round.bets,
        stakes: formatMoney(round.stakesPaise),
      })),
    };
  }
  throw new Refusal('ROOM_UNKNOWN', `no game room ${room}`);
}

/**
 * Return to player per room and business day, today and the 6 days before: stakes from each game's bets
 * (by the time they were placed), wins from the game's own record (crash) or from the ledger's payouts
 * out of the room that day (lottery), and the theoretical return of those same bets.
 */
export async function findGameRtp(db: Queryable, reads: readonly GameOperatorReads[], now: Date): Promise<TAdminGameRtpResponse> {
  const today = Math.floor((now.getTime() + KOLKATA_OFFSET_MS) / DAY_MS);
  const firstDay = today - (GAMES_RTP_DAYS - 1);
  const since = new Date(firstDay * DAY_MS - KOLKATA_OFFSET_MS);
  const stakeDays: StakeDay[] = [];
  for (const read of reads) stakeDays.push(...(await read.stakeDays(db, since, KOLKATA_OFFSET_MS)));
  const payouts = new Map<string, bigint>();
  for (const row of await findLedgerDaySums(db, since, KOLKATA_OFFSET_MS)) {
    if (row.reason !== 'payout' || row.game === null) continue;
    const key = `${row.game} ${row.day}`;
    payouts.set(key, (payouts.get(key) ?? 0n) + row.amountPaise);
  }
  const days: TAdminGameRtpDay[] = stakeDays
    .filter((entry) => entry.day >= firstDay && entry.day <= today)
    .map((entry) => {
      const wins = entry.winsPaise ?? payouts.get(`${entry.room} ${entry.day}`) ?? 0n;
      return {
        day: dayLabel(entry.day),
        room: entry.room,
        bets: entry.bets,
        stakes: formatMoney(entry.stakesPaise),
        wins: formatMoney(wins),
        actualBp: basisPoints(wins, entry.stakesPaise),
        theoreticalBp: basisPoints(entry.expectedWinsPaise, entry.stakesPaise),
      };
    })
    .sort((a, b) => (a.day === b.day ? a.room.localeCompare(b.room) : b.day.localeCompare(a.day)));
  return { today: dayLabel(today), days };
}

/** Runs a games read in a read-only transaction: whatever the reads became, the database refuses a write. */
export function withinReadOnly<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction read only');
    return work(tx);
  });
}

export function registerGamesRoutes(scope: FastifyInstance, bo: BackOfficeContext, reads: readonly GameOperatorReads[]) {
  const { db, clock } = bo.app;
  registerAdminEndpoint(scope, bo, '/games/rooms', () => withinReadOnly(db, (tx) => findGameRooms(tx, reads, clock.now())));
  registerAdminEndpoint(scope, bo, '/games/rounds', ({ input }) =>
    withinReadOnly(db, (tx) => findGameRounds(tx, reads, input.room)),
  );
  registerAdminEndpoint(scope, bo, '/games/rtp', () => withinReadOnly(db, (tx) => findGameRtp(tx, reads, clock.now())));
}
