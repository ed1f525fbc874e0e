import type { TAdminNotice, TContentLocale } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';

// Notices as operators edit them in the console (decision 0023, part B): per language or for every
// language, published or not, shown between an optional start and end. What players read is
// find-notices.ts (/user/findNotice, whose messages make the announcement strip) and
// find-notice-urls.ts (/user/getNoticeUrl, for the notice dialog), filtered by the same rule as
// `isShowing` here.

type NoticeRow = {
  id: number;
  locale: TContentLocale | null;
  title: string;
  message: string;
  download_url: string;
  main_url: string;
  promotion_url: string;
  is_published: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
  updated_by: string | null;
  updated_at: Date | null;
};

const COLUMNS =
  'id, locale, title, message, download_url, main_url, promotion_url, is_published, starts_at, ends_at, created_at, updated_by, updated_at';
export const NOTICES_LIST_LIMIT = 500;

/** The player-side rule: published, started, not ended, for this language or every language ($1: now, $2: locale). */
export const SHOWING_NOTICE_CONDITION =
  'is_published and (starts_at is null or starts_at <= $1) and (ends_at is null or ends_at > $1) and (locale is null or locale = $2)';

function view(row: NoticeRow, now: Date): TAdminNotice {
  const isShowing =
    row.is_published &&
    (!row.starts_at || row.starts_at.getTime() <= now.getTime()) &&
    (!row.ends_at || row.ends_at.getTime() > now.getTime());
  return {
    id: row.id,
    locale: row.locale,
    title: row.title,
    message: row.message,
    downloadUrl: row.download_url,
    mainUrl: row.main_url,
    promotionUrl: row.promotion_url,
    isPublished: row.is_published,
    startsTime: row.starts_at?.toISOString() ?? null,
    endsTime: row.ends_at?.toISOString() ?? null,
    isShowing,
    createTime: row.created_at.toISOString(),
    updatedBy: row.updated_by,
    updateTime: row.updated_at?.toISOString() ?? null,
  };
}

export async function listNoticesForOperators(db: Queryable, now: Date): Promise<TAdminNotice[]> {
  const rows = await db.query<NoticeRow>(`select ${COLUMNS} from notices order by created_at desc, id desc limit $1`, [
    NOTICES_LIST_LIMIT,
  ]);
  return rows.map((row) => view(row, now));
}

export type NoticeInput = {
  id?: number;
  locale: TContentLocale | null;
  title: string;
  message: string;
  downloadUrl: string;
  mainUrl: string;
  promotionUrl: string;
  isPublished: boolean;
  startsTime: string | null;
  endsTime: string | null;
};

/** Creates a notice, or edits one under its row lock; answers it before (null when new) and after. */
export async function saveNotice(db: Queryable, input: NoticeInput, by: string, now: Date) {
  const values = [
    input.locale,
    input.title,
    input.message,
    input.downloadUrl,
    input.mainUrl,
    input.promotionUrl,
    input.isPublished,
    input.startsTime ? new Date(input.startsTime) : null,
    input.endsTime ? new Date(input.endsTime) : null,
    by,
    now,
  ];
  if (input.id === undefined) {
    const [row] = await db.query<NoticeRow>(
      `insert into notices (locale, title, message, download_url, main_url, promotion_url, is_published, starts_at, ends_at, updated_by, updated_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning ${COLUMNS}`,
      values,
    );
    return { before: null, after: view(row!, now) };
  }
  const [previous] = await db.query<NoticeRow>(`select ${COLUMNS} from notices where id = $1 for update`, [input.id]);
  if (!previous) throw new AppError('NOT_FOUND', `no notice ${input.id}`);
  const [row] = await db.query<NoticeRow>(
    `update notices set locale = $1, title = $2, message = $3, download_url = $4, main_url = $5, promotion_url = $6,
       is_published = $7, starts_at = $8, ends_at = $9, updated_by = $10, updated_at = $11
     where id = $12 returning ${COLUMNS}`,
    [...values, input.id],
  );
  return { before: view(previous, now), after: view(row!, now) };
}
