import { CRASH_TOP_WINS_LIMIT, CRASH_TOP_WINS_WINDOW_MS, type TCrashTopWinsResponse } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { type CrashRoomId } from '@mayur/rules/crash-rooms';
import type { Queryable } from '../../../platform/db/db.ts';
import { maskedPlayer } from './crash-events.ts';

type TopWinRow = {
  id: bigint;
  round_id: bigint;
  user_id: number;
  nick_name: string;
  stake_paise: bigint;
  cashout_x100: number;
  win_paise: bigint;
  crash_at: Date;
};

/**
 * The room's biggest real cash-outs in rounds settled in the last 24 hours, biggest win first. Only
 * settled rounds count, so a win is final when listed. The rounds are found by the room index and the
 * bets by the round index.
 */
export async function findTopWins(db: Queryable, room: CrashRoomId, nowMs: number): Promise<TCrashTopWinsResponse> {
  const rows = await db.query<TopWinRow>(
    `select b.id, b.round_id, b.user_id, u.nick_name, b.stake_paise, b.cashout_x100, b.win_paise, r.crash_at
     from crash_rounds r
     join crash_bets b on b.round_id = r.id
     join users u on u.id = b.user_id
     where r.room = $1 and r.state = 'settled' and r.crash_at > $2 and b.status = 'cashed_out'
     order by b.win_paise desc, b.id desc limit $3`,
    [room, new Date(nowMs - CRASH_TOP_WINS_WINDOW_MS), CRASH_TOP_WINS_LIMIT],
  );
  return {
    list: rows.map((row) => ({
      betId: String(row.id),
      roundId: String(row.round_id),
      player: maskedPlayer(row.nick_name, row.user_id),
      amount: formatMoney(row.stake_paise),
      multiplierX100: row.cashout_x100,
      winAmount: formatMoney(row.win_paise),
      time: row.crash_at.toISOString(),
    })),
  };
}
