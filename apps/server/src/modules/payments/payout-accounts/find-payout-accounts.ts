import { MAX_PAYOUT_ACCOUNTS } from '@mayur/rules/field-rules';
import type { Queryable } from '../../../platform/db/db.ts';
import { PAYOUT_ACCOUNT_COLUMNS, toPayoutAccount, type PayoutAccountRow } from './payout-account-view.ts';

/** The player's own live accounts, newest first; "bank" is bank cards and UPI, "usdt" the addresses. */
export async function findPayoutAccounts(db: Queryable, userId: number, group: 'bank' | 'usdt' | undefined) {
  const kinds = group === 'usdt' ? ['usdt'] : group === 'bank' ? ['bank', 'upi'] : ['bank', 'upi', 'usdt'];
  const rows = await db.query<PayoutAccountRow>(
    `select ${PAYOUT_ACCOUNT_COLUMNS} from payout_accounts
     where user_id = $1 and kind = any($2) and deleted_at is null order by id desc limit $3`,
    [userId, kinds, MAX_PAYOUT_ACCOUNTS * 2],
  );
  return { list: rows.map(toPayoutAccount), total: rows.length, pageNum: 1, pageSize: MAX_PAYOUT_ACCOUNTS * 2 };
}
