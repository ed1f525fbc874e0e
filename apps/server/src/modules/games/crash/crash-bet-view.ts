import { type TCrashBet } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../../platform/db/db.ts';

export type CrashBetRow = {
  id: bigint;
  room: string;
  round_id: bigint | null;
  slot: number;
  stake_paise: bigint;
  auto_cashout_x100: number | null;
  status: TCrashBet['status'];
  cashout_x100: number | null;
  win_paise: bigint;
  created_at: Date;
  /** Present only once the round has crashed. */
  revealed_crash_point_x100: number | null;
};

export const CRASH_BET_COLUMNS =
  'b.id, b.room, b.round_id, b.slot, b.stake_paise, b.auto_cashout_x100, b.status, b.cashout_x100, b.win_paise, b.created_at';

/** The crash point is shown only for settled rounds; a live round's point is secret. */
export const REVEALED_CRASH_POINT = "case when r.state = 'settled' then r.crash_point_x100 end as revealed_crash_point_x100";

export function toCrashBetView(row: CrashBetRow): TCrashBet {
  return {
    id: String(row.id),
    room: row.room,
    roundId: row.round_id === null ? null : String(row.round_id),
    slot: row.slot,
    amount: formatMoney(row.stake_paise),
    autoCashoutX100: row.auto_cashout_x100,
    status: row.status,
    cashoutX100: row.cashout_x100,
    winAmount: formatMoney(row.win_paise),
    crashPointX100: row.revealed_crash_point_x100,
    createTime: row.created_at.toISOString(),
  };
}

export async function findCrashBet(db: Queryable, betId: bigint): Promise<CrashBetRow> {
  const rows = await db.query<CrashBetRow>(
    `select ${CRASH_BET_COLUMNS}, ${REVEALED_CRASH_POINT} from crash_bets b left join crash_rounds r on r.id = b.round_id where b.id = $1`,
    [betId],
  );
  return rows[0]!;
}
