import type { Queryable } from '../../platform/db/db.ts';
import { SHOWING_NOTICE_CONDITION } from './manage-notices.ts';

type NoticeUrlRow = { message: string; download_url: string; main_url: string; promotion_url: string };

const NOTICE_URL_LIMIT = 10;

/** The newest showing notices with their links, for the notice dialog (the same rule as findNotices). */
export async function findNoticeUrls(db: Queryable, now: Date, lang: string | null) {
  const rows = await db.query<NoticeUrlRow>(
    `select message, download_url, main_url, promotion_url from notices where ${SHOWING_NOTICE_CONDITION}
     order by created_at desc, id desc limit $3`,
    [now, lang, NOTICE_URL_LIMIT],
  );
  return rows.map((row) => ({
    message: row.message,
    download_url: row.download_url,
    main_url: row.main_url,
    promotion_url: row.promotion_url,
  }));
}
