import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import type { Queryable } from '../../../platform/db/db.ts';

type SettledRoundRow = {
  id: bigint;
  crash_point_x100: number;
  crash_at: Date;
  seed: string;
  chain_index: number;
  was_interrupted: boolean;
};

/** The room's settled rounds, newest first, a page at a time: each with its revealed seed, so anyone can check it. */
export async function findRoundHistory(db: Queryable, room: CrashRoomId, page: { pageNum: number; pageSize: number }) {
  const rows = await db.query<SettledRoundRow>(
    `select r.id, r.crash_point_x100, r.crash_at, s.seed, r.chain_index, r.was_interrupted
     from crash_rounds r join fair_seeds s on s.chain_id = r.chain_id and s.chain_index = r.chain_index
     where r.room = $1 and r.state = 'settled' order by r.id desc limit $2 offset $3`,
    [room, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const [counted] = await db.query<{ total: bigint }>(
    "select count(*) as total from crash_rounds where room = $1 and state = 'settled'",
    [room],
  );
  return {
    list: rows.map((row) => ({
      roundId: String(row.id),
      crashPointX100: row.crash_point_x100,
      crashTime: row.crash_at.toISOString(),
      seed: row.seed,
      chainIndex: row.chain_index,
      wasInterrupted: row.was_interrupted,
    })),
    total: Number(counted?.total ?? 0n),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}
