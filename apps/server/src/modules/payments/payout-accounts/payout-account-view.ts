import { type TPayoutAccount, type TPayoutAccountKind } from '@mayur/contracts';
import { MAX_PAYOUT_ACCOUNTS } from '@mayur/rules/field-rules';
import type { AppContext } from '../../../platform/context.ts';
import type { Queryable, Tx } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';

export type PayoutAccountRow = {
  id: number;
  user_id: number;
  kind: TPayoutAccountKind;
  actual_name: string | null;
  ifsc_code: string | null;
  bank_name: string | null;
  bank_account: string | null;
  upi_account: string | null;
  email: string | null;
  mobile: string | null;
  usdt_address: string | null;
  created_at: Date;
};

export const PAYOUT_ACCOUNT_COLUMNS =
  'id, user_id, kind, actual_name, ifsc_code, bank_name, bank_account, upi_account, email, mobile, usdt_address, created_at';

export function toPayoutAccount(row: PayoutAccountRow): TPayoutAccount {
  return {
    id: row.id,
    kind: row.kind,
    actualName: row.actual_name,
    ifscCode: row.ifsc_code,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
    upiAccount: row.upi_account,
    email: row.email,
    mobile: row.mobile,
    usdtAccount: row.usdt_address,
    createTime: row.created_at.toISOString(),
  };
}

/** The group a kind belongs to for listing and limits: bank cards and UPI together, USDT apart. */
export function groupOf(kind: TPayoutAccountKind): 'bank' | 'usdt' {
  return kind === 'usdt' ? 'usdt' : 'bank';
}

/**
 * One of the player's own live accounts, locked for the caller's change. Another player's id and a
 * removed account get the same answer as an id that never existed.
 */
export async function findOwnPayoutAccount(tx: Queryable, userId: number, id: number, lock = false): Promise<PayoutAccountRow> {
  const [row] = await tx.query<PayoutAccountRow>(
    `select ${PAYOUT_ACCOUNT_COLUMNS} from payout_accounts
     where id = $1 and user_id = $2 and deleted_at is null${lock ? ' for update' : ''}`,
    [id, userId],
  );
  if (!row)
    throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND', `account ${id} is not a live account of player ${userId}`, { field: 'id' });
  return row;
}

/** Refuses a sixth account of a group. The player's row lock serialises concurrent adds. */
export async function assertRoomForAccount(tx: Queryable, userId: number, kind: TPayoutAccountKind): Promise<void> {
  await tx.query('select id from users where id = $1 for update', [userId]);
  const kinds = groupOf(kind) === 'usdt' ? ['usdt'] : ['bank', 'upi'];
  const [row] = await tx.query<{ count: number }>(
    'select count(*)::int as count from payout_accounts where user_id = $1 and kind = any($2) and deleted_at is null',
    [userId, kinds],
  );
  if (row!.count >= MAX_PAYOUT_ACCOUNTS) throw new AppError('PAYOUT_ACCOUNT_LIMIT', `player ${userId} has ${row!.count}`);
}

/**
 * Writes one of the player's accounts in a transaction of its own and answers it as the player sees
 * it; a destination the player already has is refused (the unique index decides, not a read before).
 */
export async function savePayoutAccount(
  ctx: AppContext,
  userId: number,
  write: (tx: Tx) => Promise<PayoutAccountRow>,
  loggedAs: 'payout account added' | 'payout account changed',
): Promise<TPayoutAccount> {
  try {
    const row = await ctx.db.transaction(write);
    ctx.log.info({ userId, accountId: row.id, kind: row.kind }, loggedAs);
    return toPayoutAccount(row);
  } catch (error) {
    if (isDuplicateDestination(error)) throw new AppError('PAYOUT_ACCOUNT_EXISTS', `player ${userId} already has it`);
    throw error;
  }
}

/** A unique-index violation on the destination means the player already has this account. */
function isDuplicateDestination(error: unknown): boolean {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  return (
    pgError.code === '23505' &&
    (pgError.constraint === 'payout_accounts_destination_idx' ||
      String(pgError.message).includes('payout_accounts_destination_idx'))
  );
}
