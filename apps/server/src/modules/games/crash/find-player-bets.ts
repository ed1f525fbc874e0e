import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import type { Queryable } from '../../../platform/db/db.ts';
import { CRASH_BET_COLUMNS, REVEALED_CRASH_POINT, toCrashBetView, type CrashBetRow } from './crash-bet-view.ts';

/** A player's bets in a room, newest first, a page at a time (a round's crash point once it has crashed). */
export async function findPlayerBets(
  db: Queryable,
  userId: number,
  room: CrashRoomId,
  page: { pageNum: number; pageSize: number },
) {
  const rows = await db.query<CrashBetRow>(
    `select ${CRASH_BET_COLUMNS}, ${REVEALED_CRASH_POINT}
     from crash_bets b left join crash_rounds r on r.id = b.round_id
     where b.user_id = $1 and b.room = $2 order by b.id desc limit $3 offset $4`,
    [userId, room, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const [counted] = await db.query<{ total: bigint }>(
    'select count(*) as total from crash_bets where user_id = $1 and room = $2',
    [userId, room],
  );
  return {
    list: rows.map(toCrashBetView),
    total: Number(counted?.total ?? 0n),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}
