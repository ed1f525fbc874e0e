import { createHash } from 'node:crypto';
import { type THomeBanner } from '@mayur/contracts';
import { BANNER_IMAGE_EXTENSIONS, checkBannerImage, type BannerImageType } from '@mayur/rules/banner-rules';
import { BANNERS_MAX_COUNT, type TAdminBanner, type TContentLocale } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { Refusal } from '../../platform/refusal.ts';

// The home carousel's banners (decision 0023, "Banners"): uploaded, edited, ordered and deleted by
// operators in the console (admin/banners.ts), read by players on /home/banners with their
// images at /banners/<sha256>.<ext> (routes.ts). A banner shows while enabled, started, not ended,
// for the player's language or every language — the one rule below, in SQL and for the console.

type BannerRow = {
  id: string;
  image_type: BannerImageType;
  image_sha256: string;
  byte_length: number;
  width: number;
  height: number;
  alt: string;
  headline: string;
  link: string;
  locale: TContentLocale | null;
  sort_order: number;
  starts_at: Date | null;
  ends_at: Date | null;
  is_enabled: boolean;
  created_at: Date;
  updated_by: string;
  updated_at: Date;
};

/** Every column but the image itself, which only the image route reads. */
const COLUMNS = `id::text as id, image_type, image_sha256, octet_length(image) as byte_length, width, height, alt, headline, link,
  locale, sort_order, starts_at, ends_at, is_enabled, created_at, updated_by, updated_at`;

/** The player-side rule: enabled, started, not ended, for this language or every language ($1: now, $2: locale). */
const SHOWING_BANNER_CONDITION =
  'is_enabled and (starts_at is null or starts_at <= $1) and (ends_at is null or ends_at > $1) and (locale is null or locale = $2)';

export function bannerImageUrl(sha256: string, type: BannerImageType): string {
  return `/banners/${sha256}.${BANNER_IMAGE_EXTENSIONS[type]}`;
}

function isShowingAt(row: BannerRow, now: Date): boolean {
  return (
    row.is_enabled &&
    (!row.starts_at || row.starts_at.getTime() <= now.getTime()) &&
    (!row.ends_at || row.ends_at.getTime() > now.getTime())
  );
}

function view(row: BannerRow, position: number, now: Date): TAdminBanner {
  return {
    id: row.id,
    imageUrl: bannerImageUrl(row.image_sha256, row.image_type),
    imageType: row.image_type,
    imageSha256: row.image_sha256,
    byteLength: Number(row.byte_length),
    width: row.width,
    height: row.height,
    alt: row.alt,
    headline: row.headline,
    link: row.link,
    locale: row.locale,
    position,
    startsTime: row.starts_at?.toISOString() ?? null,
    endsTime: row.ends_at?.toISOString() ?? null,
    isEnabled: row.is_enabled,
    isShowing: isShowingAt(row, now),
    createTime: row.created_at.toISOString(),
    updatedBy: row.updated_by,
    updateTime: row.updated_at.toISOString(),
  };
}

async function orderedRows(db: Queryable, lock = false): Promise<BannerRow[]> {
  return db.query<BannerRow>(`select ${COLUMNS} from banners order by sort_order, id${lock ? ' for update' : ''}`);
}

export async function listBannersForOperators(db: Queryable, now: Date): Promise<TAdminBanner[]> {
  return (await orderedRows(db)).map((row, index) => view(row, index + 1, now));
}

/** The banners a player of this language sees now, first shown first. */
export async function findShowingBanners(db: Queryable, now: Date, locale: TContentLocale | null): Promise<THomeBanner[]> {
  const rows = await db.query<BannerRow>(
    `select ${COLUMNS} from banners where ${SHOWING_BANNER_CONDITION} order by sort_order, id limit $3`,
    [now, locale, BANNERS_MAX_COUNT],
  );
  return rows.map((row) => ({
    id: row.id,
    imageUrl: bannerImageUrl(row.image_sha256, row.image_type),
    width: row.width,
    height: row.height,
    link: row.link,
    alt: row.alt,
    headline: row.headline,
  }));
}

/** A banner's image by the name it is served under (`<sha256>.<ext>`), or null. */
export async function findBannerImage(
  db: Queryable,
  fileName: string,
): Promise<{ type: BannerImageType; bytes: Uint8Array } | null> {
  const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(fileName);
  if (!match) return null;
  const rows = await db.query<{ image_type: BannerImageType; image: Uint8Array }>(
    'select image_type, image from banners where image_sha256 = $1 limit 1',
    [match[1]],
  );
  const row = rows[0];
  if (!row || BANNER_IMAGE_EXTENSIONS[row.image_type] !== match[2]) return null;
  return { type: row.image_type, bytes: row.image };
}

export type BannerFields = {
  alt: string;
  headline: string;
  link: string;
  locale: TContentLocale | null;
  startsTime: string | null;
  endsTime: string | null;
  isEnabled: boolean;
};

const instant = (value: string | null) => (value ? new Date(value) : null);

/**
 * Stores a new banner at the end of the order, its type and size read from its bytes (a PNG sent as a
 * JPEG is stored as the PNG it is); anything else is refused and nothing is stored. Runs in the
 * caller's transaction: the count and the next place are read under a lock of the table's rows.
 */
export async function createBanner(db: Queryable, imageBase64: string, fields: BannerFields, by: string, now: Date) {
  const bytes = Buffer.from(imageBase64, 'base64');
  const checked = checkBannerImage(bytes);
  if (checked.problem) throw new Refusal(checked.problem, `banner of ${bytes.length} bytes`);
  const existing = await orderedRows(db, true);
  if (existing.length >= BANNERS_MAX_COUNT) throw new Refusal('BANNER_LIMIT_REACHED', `${existing.length} banners`);
  const nextOrder = existing.length === 0 ? 1 : existing[existing.length - 1]!.sort_order + 1;
  const [row] = await db.query<BannerRow>(
    `insert into banners (image, image_type, image_sha256, width, height, alt, headline, link, locale, sort_order,
       starts_at, ends_at, is_enabled, created_at, updated_by, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $14) returning ${COLUMNS}`,
    [
      bytes,
      checked.image.type,
      createHash('sha256').update(bytes).digest('hex'),
      checked.image.width,
      checked.image.height,
      fields.alt,
      fields.headline,
      fields.link,
      fields.locale,
      nextOrder,
      instant(fields.startsTime),
      instant(fields.endsTime),
      fields.isEnabled,
      now,
      by,
    ],
  );
  return { before: null, after: view(row!, existing.length + 1, now) };
}

async function positionOf(db: Queryable, id: string): Promise<number> {
  const ids = (await orderedRows(db)).map((row) => row.id);
  return ids.indexOf(id) + 1;
}

/** Changes a banner's texts, link, language, schedule and whether it is enabled, under its row lock. */
export async function updateBanner(db: Queryable, id: string, fields: BannerFields, by: string, now: Date) {
  const [previous] = await db.query<BannerRow>(`select ${COLUMNS} from banners where id = $1 for update`, [id]);
  if (!previous) throw new Refusal('BANNER_NOT_FOUND', `no banner ${id}`);
  const position = await positionOf(db, id);
  const [row] = await db.query<BannerRow>(
    `update banners set alt = $1, headline = $2, link = $3, locale = $4, starts_at = $5, ends_at = $6, is_enabled = $7,
       updated_by = $8, updated_at = $9
     where id = $10 returning ${COLUMNS}`,
    [
      fields.alt,
      fields.headline,
      fields.link,
      fields.locale,
      instant(fields.startsTime),
      instant(fields.endsTime),
      fields.isEnabled,
      by,
      now,
      id,
    ],
  );
  return { before: view(previous, position, now), after: view(row!, position, now) };
}

/** Puts every banner in the order given; a list that is not exactly the banners stored now is refused. */
export async function reorderBanners(db: Queryable, ids: readonly string[], by: string, now: Date) {
  const rows = await orderedRows(db, true);
  const stored = rows.map((row) => row.id);
  const isSameSet = ids.length === stored.length && new Set(ids).size === ids.length && ids.every((id) => stored.includes(id));
  if (!isSameSet) throw new Refusal('BANNER_ORDER_STALE', `given ${ids.length} ids, stored ${stored.length}`);
  await db.query(
    `update banners set sort_order = wanted.place, updated_by = $2, updated_at = $3
     from unnest($1::bigint[]) with ordinality as wanted(id, place)
     where banners.id = wanted.id and banners.sort_order is distinct from wanted.place`,
    [ids, by, now],
  );
  return { before: stored, after: [...ids], list: await listBannersForOperators(db, now) };
}

/** Deletes a banner with its image; answers it as it was. */
export async function deleteBanner(db: Queryable, id: string, now: Date): Promise<TAdminBanner> {
  const position = await positionOf(db, id);
  const [row] = await db.query<BannerRow>(`delete from banners where id = $1 returning ${COLUMNS}`, [id]);
  if (!row) throw new Refusal('BANNER_NOT_FOUND', `no banner ${id}`);
  return view(row, position, now);
}
