import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import type { Queryable } from '../../../platform/db/db.ts';

/** A crash cash-out in a round that has settled. */
export type CrashWin = { userId: number; nickName: string; room: CrashRoomId; amountPaise: bigint; atMs: number };

/** How many of the newest settled rounds (all rooms together) are searched for cash-outs. */
const RECENT_ROUNDS = 200;

/**
 * The real cash-outs of at least `minPaise` in the newest settled rounds since `sinceMs`, newest first
 * (a round's time is when it settled). Refunded and lost bets never count. Reads only.
 */
export async function findRecentCrashWins(
  db: Queryable,
  query: { minPaise: bigint; limit: number; sinceMs: number },
): Promise<CrashWin[]> {
  const rows = await db.query<{ user_id: number; nick_name: string; room: CrashRoomId; win_paise: bigint; settled_at: Date }>(
    `select b.user_id, u.nick_name, b.room, b.win_paise, r.settled_at
     from (select id, settled_at from crash_rounds where state = 'settled' order by id desc limit $1) r
     join crash_bets b on b.round_id = r.id
     join users u on u.id = b.user_id
     where b.status = 'cashed_out' and b.win_paise >= $2 and r.settled_at >= $3
     order by r.settled_at desc, b.id desc
     limit $4`,
    [RECENT_ROUNDS, query.minPaise.toString(), new Date(query.sinceMs), query.limit],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    nickName: row.nick_name,
    room: row.room,
    amountPaise: BigInt(row.win_paise),
    atMs: row.settled_at.getTime(),
  }));
}
