import type { Queryable } from '../../../platform/db/db.ts';
import type { CrashRound } from './crash-engine.ts';

export type CrashRoundRow = {
  id: bigint;
  room: string;
  crash_point_x100: number;
  betting_starts_at: Date;
  flying_at: Date;
  crash_at: Date;
  next_round_at: Date;
  state: 'live' | 'settled';
  /** Whether the take-off push has been sent (once per round, whichever node leads the clock). */
  flying_announced: boolean;
};

export const CRASH_ROUND_COLUMNS =
  'id, room, crash_point_x100, betting_starts_at, flying_at, crash_at, next_round_at, state, flying_announced';

/** The engine's view of a stored round: everything a decision needs is on the row. */
export function toEngineRound(row: CrashRoundRow): CrashRound {
  return {
    crashPointX100: row.crash_point_x100,
    bettingStartsAtMs: row.betting_starts_at.getTime(),
    flyingAtMs: row.flying_at.getTime(),
    crashAtMs: row.crash_at.getTime(),
    nextRoundAtMs: row.next_round_at.getTime(),
  };
}

export async function findLiveRound(db: Queryable, room: string, lock = ''): Promise<CrashRoundRow | null> {
  const rows = await db.query<CrashRoundRow>(
    `select ${CRASH_ROUND_COLUMNS} from crash_rounds where room = $1 and state = 'live' ${lock}`,
    [room],
  );
  return rows[0] ?? null;
}

/** The room's newest round: the live one, or between rounds the one that crashed last. */
export async function findLatestRound(db: Queryable, room: string): Promise<CrashRoundRow | null> {
  const rows = await db.query<CrashRoundRow>(
    `select ${CRASH_ROUND_COLUMNS} from crash_rounds where room = $1 order by id desc limit 1`,
    [room],
  );
  return rows[0] ?? null;
}
