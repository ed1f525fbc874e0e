import type { ResponseOf } from '@mayur/contracts';
import type { Queryable } from '../../platform/db/db.ts';
import { COMPLAINT_COLUMNS, complaintViews, countUnreadAnswers, type ComplaintRow } from './complaint-view.ts';

/** `/user/findComplaints`: the player's own complaints, newest first, each with its thread. */
export async function findComplaints(
  db: Queryable,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<ResponseOf<'/user/findComplaints'>> {
  const rows = await db.query<ComplaintRow>(
    `select ${COMPLAINT_COLUMNS} from complaints c where c.user_id = $1 order by c.id desc limit $2 offset $3`,
    [userId, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const [counted] = await db.query<{ total: bigint }>('select count(*) as total from complaints where user_id = $1', [userId]);
  return {
    list: await complaintViews(db, rows),
    total: Number(counted?.total ?? 0n),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    unreadCount: await countUnreadAnswers(db, userId),
  };
}
