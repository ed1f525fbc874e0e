import { randomInt } from 'node:crypto';
import { formatMoney } from '@mayur/rules/money';
import type { TGiftCode, TGiftRedemption } from '@mayur/contracts/admin';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ApprovalRules } from '../approvals/approval-rules.ts';
import type { Approver } from '../approvals/approver.ts';
import { assertNotCoolingPair } from '../approvals/approver-rules.ts';
import { takeSingleApprovalAllowance } from '../approvals/single-approval-allowance.ts';
import { Refusal } from '../../platform/refusal.ts';

// Gift codes as operators manage them, from the CLI (gift:create, gift:approve) and the console
// (/giftCodes/*): create, approve or reject, list with their uses, the redemptions of one, disable.
// Redeeming is redeem-gift.ts; a code waiting for approval (or rejected) is refused there like one that
// does not exist, a disabled code like an expired one, and the redemptions so far stay.
//
// A gift code is money an operator hands out, so maker-checker applies (decision 0029): a code to cash
// always waits for a second, different approver, and so does a bonus code whose total value (amount ×
// uses) is above ADMIN_GIFT_BONUS_SINGLE_APPROVAL_RUPEES or does not fit in what is left of its maker's
// single-approval allowance of the day (approvals/single-approval-allowance.ts).

const GIFT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GIFT_CODE_LENGTH = 10;

export type NewGiftCode = {
  amountPaise: bigint;
  uses: number;
  target: 'bonus' | 'cash';
  expiresAt: Date | null;
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
  maker_key: string;
  approval_status: 'pending' | 'approved' | 'rejected';
  approved_by_key: string | null;
};

const COLUMNS = `code, amount_paise, target, max_uses, used_count, expires_at, created_by, created_at, disabled_at, disabled_by,
  maker_key, approval_status, approved_by_key`;

/** Runs in the change's transaction with the code before (null when new) and after; the console writes its audit row there. */
export type WithinGiftChange = (tx: Queryable, before: TGiftCode | null, after: TGiftCode) => Promise<void>;
const NOTHING_WITHIN: WithinGiftChange = async () => undefined;

function generateGiftCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += GIFT_ALPHABET[randomInt(GIFT_ALPHABET.length)];
  return code;
}

function statusOf(row: GiftCodeRow, now: Date): TGiftCode['status'] {
  if (row.approval_status !== 'approved') return row.approval_status;
  return row.disabled_at
    ? 'disabled'
    : row.used_count >= row.max_uses
      ? 'usedUp'
      : row.expires_at && row.expires_at.getTime() <= now.getTime()
        ? 'expired'
        : 'active';
}

export function giftCodeView(row: GiftCodeRow, now: Date): TGiftCode {
  return {
    code: row.code,
    amount: formatMoney(row.amount_paise),
    target: row.target,
    maxUses: row.max_uses,
    usedCount: row.used_count,
    expiresTime: row.expires_at?.toISOString() ?? null,
    status: statusOf(row, now),
    createdBy: row.created_by,
    makerKey: row.maker_key,
    approvedBy: row.approved_by_key,
    createTime: row.created_at.toISOString(),
    disabledBy: row.disabled_by,
    disabledTime: row.disabled_at?.toISOString() ?? null,
  };
}

/** Whether the maker's approval alone releases the code: a small bonus code within the maker's allowance. */
async function isReleasedAlone(tx: Queryable, gift: NewGiftCode, maker: Approver, rules: ApprovalRules, now: Date) {
  if (gift.target === 'cash') return false;
  const totalPaise = gift.amountPaise * BigInt(gift.uses);
  if (totalPaise > rules.giftBonusSingleApprovalPaise) return false;
  return takeSingleApprovalAllowance(tx, {
    approver: maker,
    playerId: null,
    amountPaise: totalPaise,
    limitPaise: rules.secondApprovalAbovePaise,
    nowMs: now.getTime(),
  });
}

/**
 * Creates a code of ten characters from an alphabet without look-alikes (no 0/O, 1/I); the expiry, if
 * any, must be ahead. It can be redeemed at once only when released on its maker's approval alone.
 */
export async function createGiftCode(
  db: Db,
  gift: NewGiftCode,
  maker: Approver,
  rules: ApprovalRules,
  now: Date,
  within: WithinGiftChange = NOTHING_WITHIN,
): Promise<TGiftCode> {
  if (gift.expiresAt && gift.expiresAt.getTime() <= now.getTime())
    throw new AppError('INVALID_FIELD', 'the expiry must be in the future', { field: 'expiresTime' });
  return db.transaction(async (tx) => {
    const approvalStatus = (await isReleasedAlone(tx, gift, maker, rules, now)) ? 'approved' : 'pending';
    const [row] = await tx.query<GiftCodeRow>(
      `insert into gift_codes (code, amount_paise, target, max_uses, expires_at, created_by, created_at, maker_key, approval_status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
      [generateGiftCode(), gift.amountPaise, gift.target, gift.uses, gift.expiresAt, maker.actor, now, maker.key, approvalStatus],
    );
    const after = giftCodeView(row!, now);
    await within(tx, null, after);
    return after;
  });
}

async function lockPendingCode(tx: Queryable, code: string, now: Date): Promise<GiftCodeRow> {
  const [row] = await tx.query<GiftCodeRow>(`select ${COLUMNS} from gift_codes where code = $1 for update`, [code]);
  if (!row) throw new AppError('GIFT_NOT_FOUND', `no gift code ${code}`);
  if (row.approval_status !== 'pending') throw new Refusal('GIFT_CODE_NOT_PENDING', `gift code ${code} is ${statusOf(row, now)}`);
  return row;
}

/** A second, different approver releases a waiting code (never its maker, nor one freshly bound to them). */
export async function approveGiftCode(
  db: Db,
  code: string,
  checker: Approver,
  rules: ApprovalRules,
  now: Date,
  within: WithinGiftChange = NOTHING_WITHIN,
): Promise<TGiftCode> {
  return decidePendingCode(db, code, checker, 'approved', now, within, async (tx, row) => {
    if (row.maker_key === checker.key) throw new Refusal('APPROVAL_ALREADY_GIVEN', `${checker.key} made gift code ${code}`);
    const maker: Approver = { key: row.maker_key, operatorId: operatorIdOf(row.maker_key), actor: row.created_by };
    await assertNotCoolingPair(tx, { maker, checker }, { coolingMs: rules.approverCoolingMs, nowMs: now.getTime() });
  });
}

/** Refuses a waiting code for good: it can never be redeemed. */
export async function rejectGiftCode(
  db: Db,
  code: string,
  decider: Approver,
  now: Date,
  within: WithinGiftChange = NOTHING_WITHIN,
) {
  return decidePendingCode(db, code, decider, 'rejected', now, within);
}

/**
 * Decides a waiting code in one transaction: locked first (refused unless still waiting), then what
 * the decision must check, then approved or rejected in the decider's name.
 */
async function decidePendingCode(
  db: Db,
  code: string,
  decider: Approver,
  decision: 'approved' | 'rejected',
  now: Date,
  within: WithinGiftChange,
  check: (tx: Queryable, row: GiftCodeRow) => Promise<void> = async () => undefined,
): Promise<TGiftCode> {
  return db.transaction(async (tx) => {
    const row = await lockPendingCode(tx, code, now);
    await check(tx, row);
    const [after] = await tx.query<GiftCodeRow>(
      `update gift_codes set approval_status = '${decision}', approved_by_key = $2, approved_at = $3 where code = $1 returning ${COLUMNS}`,
      [code, decider.key, now],
    );
    const view = giftCodeView(after!, now);
    await within(tx, giftCodeView(row, now), view);
    return view;
  });
}

function operatorIdOf(key: string): string | null {
  const match = /^operator:(\d+)$/.exec(key);
  return match ? match[1]! : null;
}

export async function findGiftCode(db: Queryable, code: string, now: Date): Promise<TGiftCode> {
  const [row] = await db.query<GiftCodeRow>(`select ${COLUMNS} from gift_codes where code = $1`, [code]);
  if (!row) throw new AppError('GIFT_NOT_FOUND', `no gift code ${code}`);
  return giftCodeView(row, now);
}

/** Newest first; `active` leaves out disabled codes (expired and used-up ones show with their status). */
export async function listGiftCodes(
  db: Queryable,
  query: { status: 'active' | 'pending' | 'disabled' | 'all'; pageNum: number; pageSize: number },
  now: Date,
) {
  const where = {
    active: "where disabled_at is null and approval_status = 'approved'",
    pending: "where approval_status = 'pending'",
    disabled: 'where disabled_at is not null',
    all: '',
  }[query.status];
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
export async function disableGiftCode(db: Db, code: string, by: string, now: Date, within: WithinGiftChange = NOTHING_WITHIN) {
  return db.transaction(async (tx) => {
    const before = await findGiftCode(tx, code, now);
    const [row] = await tx.query<GiftCodeRow>(
      `update gift_codes set disabled_at = coalesce(disabled_at, $2), disabled_by = coalesce(disabled_by, $3)
       where code = $1 returning ${COLUMNS}`,
      [code, now, by],
    );
    const after = giftCodeView(row!, now);
    await within(tx, before, after);
    return { before, after };
  });
}
