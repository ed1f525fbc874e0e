import type { Queryable } from '../../platform/db/db.ts';
import { SHOWING_NOTICE_CONDITION } from './manage-notices.ts';

type NoticeRow = { id: number; title: string; message: string; created_at: Date };

/**
 * The notices players read, newest first, a page at a time: those operators published (manage-notices.ts)
 * that are within their dates at `now`, for the app's language or for every language. Their messages
 * make the announcement strip.
 */
export async function findNotices(db: Queryable, now: Date, lang: string | null, page: { pageNum: number; pageSize: number }) {
  const showing = [now, lang];
  const rows = await db.query<NoticeRow>(
    `select id, title, message, created_at from notices where ${SHOWING_NOTICE_CONDITION}
     order by created_at desc, id desc limit $3 offset $4`,
    [...showing, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const counted = await db.query<{ total: bigint }>(
    `select count(*) as total from notices where ${SHOWING_NOTICE_CONDITION}`,
    showing,
  );
  return {
    list: rows.map((row) => ({ id: row.id, title: row.title, message: row.message, createTime: row.created_at.toISOString() })),
    total: Number(counted[0]?.total ?? 0n),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}
