import type { TPayoutAccount } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';
import { checkWithdrawPassword } from './check-withdraw-password.ts';
import { fieldValues, payoutAccountFields, type PayoutAccountForm } from './payout-account-fields.ts';
import { assertRoomForAccount, PAYOUT_ACCOUNT_COLUMNS, savePayoutAccount, type PayoutAccountRow } from './payout-account-view.ts';

type AddInput = PayoutAccountForm;

/** Adds a bank card, UPI account or USDT address for the signed-in player (withdrawal password first). */
export async function addPayoutAccount(
  ctx: AppContext,
  hasher: PasswordHasher,
  userId: number,
  input: AddInput,
  withdrawPassword: string,
): Promise<TPayoutAccount> {
  const fields = payoutAccountFields(input);
  await checkWithdrawPassword(ctx, hasher, userId, withdrawPassword);
  return savePayoutAccount(
    ctx,
    userId,
    async (tx) => {
      await assertRoomForAccount(tx, userId, fields.kind);
      const [inserted] = await tx.query<PayoutAccountRow>(
        `insert into payout_accounts (user_id, kind, actual_name, ifsc_code, bank_name, bank_account, upi_account, email, mobile, usdt_address)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         returning ${PAYOUT_ACCOUNT_COLUMNS}`,
        [userId, ...fieldValues(fields)],
      );
      return inserted!;
    },
    'payout account added',
  );
}
