import type { AppContext } from '../../../platform/context.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';
import { checkWithdrawPassword } from './check-withdraw-password.ts';
import { findOwnPayoutAccount } from './payout-account-view.ts';

/** Removes one of the player's own accounts; the row stays for the withdrawals that name it. */
export async function deletePayoutAccount(
  ctx: AppContext,
  hasher: PasswordHasher,
  userId: number,
  id: number,
  withdrawPassword: string,
): Promise<null> {
  await findOwnPayoutAccount(ctx.db, userId, id);
  await checkWithdrawPassword(ctx, hasher, userId, withdrawPassword);
  await ctx.db.query('update payout_accounts set deleted_at = now() where id = $1 and user_id = $2 and deleted_at is null', [
    id,
    userId,
  ]);
  ctx.log.info({ userId, accountId: id }, 'payout account removed');
  return null;
}
