import { type TCrashRoundState } from '@mayur/contracts';
import { CRASH_ROOMS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { phaseAt } from './crash-engine.ts';
import { findLatestRound, toEngineRound } from './crash-round-row.ts';

const RECENT_ROUNDS = 20;

/**
 * The room as a player opening it sees it at `nowMs` (this server's receive time): the newest round's
 * phase and timings, its crash point only once crashed, the room's bet limits, and the crash points of
 * its last rounds. Between rounds (the pause after a crash) the newest round is the one that just crashed.
 */
export async function findCurrentRound(db: Queryable, room: CrashRoomId, nowMs: number): Promise<TCrashRoundState> {
  const round = await findLatestRound(db, room);
  if (!round) throw new AppError('ROOM_UNKNOWN', `room ${room} has no round yet`);
  const phase = round.state === 'settled' ? 'crashed' : phaseAt(toEngineRound(round), nowMs);
  const isCrashed = phase === 'crashed';
  const recent = await db.query<{ crash_point_x100: number }>(
    "select crash_point_x100 from crash_rounds where room = $1 and state = 'settled' order by id desc limit $2",
    [room, RECENT_ROUNDS],
  );
  const config = CRASH_ROOMS[room];
  return {
    room,
    roundId: String(round.id),
    phase,
    bettingStartsAtMs: round.betting_starts_at.getTime(),
    flyingAtMs: round.flying_at.getTime(),
    crashAtMs: isCrashed ? round.crash_at.getTime() : null,
    crashPointX100: isCrashed ? round.crash_point_x100 : null,
    serverTimeMs: nowMs,
    minBet: formatMoney(config.minBetPaise),
    maxBet: formatMoney(config.maxBetPaise),
    maxWin: formatMoney(config.maxWinPaise),
    recent: recent.map((row) => row.crash_point_x100),
  };
}
