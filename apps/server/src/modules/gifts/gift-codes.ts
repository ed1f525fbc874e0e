import { randomInt } from 'node:crypto';
import { formatMoney } from '@mayur/contracts';
import type { TGiftCode, TGiftRedemption } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';

// Gift codes as operators manage them, from the CLI (gift:create) and the console (/giftCodes/*):
// create, list with their uses, the redemptions of one, disable. Redeeming is redeem-gift.ts; a
// disabled code is refused there like an expired one, and its redemptions so far stay.

const GIFT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GIFT_CODE_LENGTH = 10;

export type NewGiftCode = {
  amountPaise: bigint;
  uses: number;
  target: 'bonus' | 'cash';
  expiresAt: Date | null;
  createdBy: string;
};

type GiftCodeRow = {
  code: string;
  amount_paise: bigint;
  target: 'bonus' | 'cash';
  max_uses: number;
  used_count: number;
  expires_at: Date | null;
  created_by: string;
  created_at: Date;
  disabled_at: Date | null;
  disabled_by: string | null;
};

const COLUMNS = 'code, amount_paise, target, max_uses, used_count, expires_at, created_by, created_at, disabled_at, disabled_by';

function generateGiftCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += GIFT_ALPHABET[randomInt(GIFT_ALPHABET.length)];
  return code;
}

export function giftCodeView(row: GiftCodeRow, now: Date): TGiftCode {
  const status = row.disabled_at
    ? 'disabled'
    : row.used_count >= row.max_uses
      ? 'usedUp'
      : row.expires_at && row.expires_at.getTime() <= now.getTime()
        ? 'expired'
        : 'active';
  return {
    code: row.code,
    amount: formatMoney(row.amount_paise),
    target: row.target,
    maxUses: row.max_uses,
    usedCount: row.used_count,
    expiresTime: row.expires_at?.toISOString() ?? null,
    status,
    createdBy: row.created_by,
    createTime: row.created_at.toISOString(),
    disabledBy: row.disabled_by,
    disabledTime: row.disabled_at?.toISOString() ?? null,
  };
}

/** Creates a code of ten characters from an alphabet without look-alikes (no 0/O, 1/I); the expiry, if any, must be ahead. */
export async function createGiftCode(db: Queryable, gift: NewGiftCode, now: Date): Promise<TGiftCode> {
  if (gift.expiresAt && gift.expiresAt.getTime() <= now.getTime())
    throw new AppError('INVALID_FIELD', 'the expiry must be in the future', { field: 'expiresTime' });
  const [row] = await db.query<GiftCodeRow>(
    `insert into gift_codes (code, amount_paise, target, max_uses, expires_at, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [generateGiftCode(), gift.amountPaise, gift.target, gift.uses, gift.expiresAt, gift.createdBy, now],
  );
  return giftCodeView(row!, now);
}

export async function findGiftCode(db: Queryable, code: string, now: Date): Promise<TGiftCode> {
  const [row] = await db.query<GiftCodeRow>(`select ${COLUMNS} from gift_codes where code = $1`, [code]);
  if (!row) throw new AppError('GIFT_NOT_FOUND', `no gift code ${code}`);
  return giftCodeView(row, now);
}

/** Newest first; `active` leaves out disabled codes (expired and used-up ones show with their status). */
export async function listGiftCodes(
  db: Queryable,
  query: { status: 'active' | 'disabled' | 'all'; pageNum: number; pageSize: number },
  now: Date,
) {
  const where =
    query.status === 'active' ? 'where disabled_at is null' : query.status === 'disabled' ? 'where disabled_at is not null' : '';
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from gift_codes ${where}`);
  const rows = await db.query<GiftCodeRow>(
    `select ${COLUMNS} from gift_codes ${where} order by created_at desc, code limit $1 offset $2`,
    [query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    list: rows.map((row) => giftCodeView(row, now)),
    total: count!.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

export async function findGiftRedemptions(db: Queryable, code: string, limit: number): Promise<TGiftRedemption[]> {
  const rows = await db.query<{ user_id: number; transfer_id: bigint; created_at: Date }>(
    'select user_id, transfer_id, created_at from gift_redemptions where code = $1 order by created_at desc, user_id limit $2',
    [code, limit],
  );
  return rows.map((row) => ({
    playerId: row.user_id,
    transferId: String(row.transfer_id),
    createTime: row.created_at.toISOString(),
  }));
}

/** Disables a code once (a second call answers the same code unchanged); answers it before and after. */
export async function disableGiftCode(db: Queryable, code: string, by: string, now: Date) {
  const before = await findGiftCode(db, code, now);
  const [row] = await db.query<GiftCodeRow>(
    `update gift_codes set disabled_at = coalesce(disabled_at, $2), disabled_by = coalesce(disabled_by, $3)
     where code = $1 returning ${COLUMNS}`,
    [code, now, by],
  );
  return { before, after: giftCodeView(row!, now) };
}
