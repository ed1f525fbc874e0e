import type { TEditBankCardRequest, TPayoutAccount } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';
import { checkWithdrawPassword } from './check-withdraw-password.ts';
import { fieldValues, payoutAccountFields } from './payout-account-fields.ts';
import {
  findOwnPayoutAccount,
  groupOf,
  PAYOUT_ACCOUNT_COLUMNS,
  savePayoutAccount,
  type PayoutAccountRow,
} from './payout-account-view.ts';

/**
 * Changes one of the player's own accounts. A bank card may become a UPI account and back, but a
 * USDT address stays a USDT address. Withdrawals already requested keep the destination they had.
 */
export async function editPayoutAccount(
  ctx: AppContext,
  hasher: PasswordHasher,
  userId: number,
  input: TEditBankCardRequest,
): Promise<TPayoutAccount> {
  const fields = payoutAccountFields(input);
  await findOwnPayoutAccount(ctx.db, userId, input.id);
  await checkWithdrawPassword(ctx, hasher, userId, input.withdrawPassword);
  return savePayoutAccount(
    ctx,
    userId,
    async (tx) => {
      const current = await findOwnPayoutAccount(tx, userId, input.id, true);
      if (groupOf(current.kind) !== groupOf(fields.kind))
        throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND', `account ${input.id} is ${current.kind}, not ${fields.kind}`);
      const [updated] = await tx.query<PayoutAccountRow>(
        `update payout_accounts
         set kind = $3, actual_name = $4, ifsc_code = $5, bank_name = $6, bank_account = $7, upi_account = $8,
             email = $9, mobile = $10, usdt_address = $11, updated_at = now()
         where id = $1 and user_id = $2
         returning ${PAYOUT_ACCOUNT_COLUMNS}`,
        [input.id, userId, ...fieldValues(fields)],
      );
      return updated!;
    },
    'payout account changed',
  );
}
