import { type TUser } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findPlayerBalances, type PlayerBalances } from '../wallet/accounts.ts';

export type UserRow = {
  id: number;
  mobile: string | null;
  email: string | null;
  nick_name: string;
  actual_name: string | null;
  promotion_code: string;
  level: number;
  withdraw_password_hash: string | null;
  created_at: Date;
};

export const USER_COLUMNS =
  'id, mobile, email, nick_name, actual_name, promotion_code, level, withdraw_password_hash, created_at';

const NO_MONEY: PlayerBalances = { cashPaise: 0n, bonusPaise: 0n };

/** The player as the API shows them, with the balances of their ledger accounts. */
export function toUserView(row: UserRow, balances: PlayerBalances = NO_MONEY): TUser {
  return {
    id: row.id,
    mobile: row.mobile,
    email: row.email,
    nickName: row.nick_name,
    actualName: row.actual_name,
    balance: formatMoney(balances.cashPaise),
    bonus: formatMoney(balances.bonusPaise),
    promotionCode: row.promotion_code,
    level: row.level,
    hasWithdrawPassword: row.withdraw_password_hash !== null,
    createTime: row.created_at.toISOString(),
  };
}

export async function findUserView(db: Queryable, userId: number): Promise<TUser> {
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [userId]);
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHORIZED', `session user ${userId} no longer exists`);
  return toUserView(row, await findPlayerBalances(db, userId));
}
