import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';
import { findPlayerAccounts, findPlayerBalances, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postGroup } from '../../wallet/ledger.ts';
import { formatUsdtMicro, MICRO_PER_CENT, newOrderNumber, paiseToUsdtCents } from '../order-numbers.ts';
import { checkWithdrawPassword } from '../payout-accounts/check-withdraw-password.ts';
import { findOwnPayoutAccount, type PayoutAccountRow } from '../payout-accounts/payout-account-view.ts';
import { USDT_PROVIDER } from '../usdt/usdt-provider.ts';
import { assertPlayerNotFrozen } from '../../users/player-state.ts';

type WithdrawalRow = { withdraw_no: string; amount_paise: bigint; usdt_micro: bigint | null; payout_account_id: number };

function destinationOf(account: PayoutAccountRow): Record<string, string | null> {
  if (account.kind === 'usdt') return { network: 'TRC20', address: account.usdt_address };
  return {
    actualName: account.actual_name,
    ifscCode: account.ifsc_code,
    bankName: account.bank_name,
    bankAccount: account.bank_account,
    upiAccount: account.upi_account,
    email: account.email,
    mobile: account.mobile,
  };
}

/**
 * A withdrawal request: the amount leaves the player's cash for the holds account at once, in the
 * same transaction as the request row, and waits there for an operator. The conditional debit is
 * what makes racing requests safe: of many requests for the whole balance, exactly one is funded.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  hasher: PasswordHasher,
  userId: number,
  input: { amount: bigint; bankCardId: number; withdrawPassword: string; requestKey?: string | undefined },
) {
  const { payments } = ctx.config;
  const account = await findOwnPayoutAccount(ctx.db, userId, input.bankCardId);
  const minimumPaise = account.kind === 'usdt' ? payments.minWithdrawUsdtPaise : payments.minWithdrawBankPaise;
  if (input.amount < minimumPaise || input.amount > payments.maxWithdrawPaise)
    throw new AppError('WITHDRAW_AMOUNT_INVALID', `amount ${input.amount} outside limits for ${account.kind}`, {
      field: 'amount',
    });
  await checkWithdrawPassword(ctx, hasher, userId, input.withdrawPassword);

  if (input.requestKey) {
    const [replayed] = await ctx.db.query<WithdrawalRow>(
      'select withdraw_no, amount_paise, usdt_micro, payout_account_id from withdrawals where user_id = $1 and request_key = $2',
      [userId, input.requestKey],
    );
    if (replayed) return replay(ctx, userId, replayed, input);
  }

  const usdtMicro = account.kind === 'usdt' ? paiseToUsdtCents(input.amount, payments.usdt.ratePaise) * MICRO_PER_CENT : null;
  const holdsAccountId = await shardedHouseAccountId(ctx.db, 'withdrawal-holds', userId);
  const withdrawNo = newOrderNumber('W', ctx.clock.now());
  try {
    await ctx.db.transaction(async (tx) => {
      await assertPlayerNotFrozen(tx, userId);
      await tx.query(
        `insert into withdrawals
           (withdraw_no, user_id, payout_account_id, account_kind, destination, provider, amount_paise, usdt_micro, request_key)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          withdrawNo,
          userId,
          account.id,
          account.kind,
          JSON.stringify(destinationOf(account)),
          account.kind === 'usdt' ? USDT_PROVIDER : payments.gateway,
          input.amount,
          usdtMicro,
          input.requestKey ?? null,
        ],
      );
      const accounts = await findPlayerAccounts(tx, userId);
      await postGroup(tx, [
        {
          idempotencyKey: `withdrawal-hold:${withdrawNo}`,
          debitAccountId: accounts.cashAccountId,
          creditAccountId: holdsAccountId,
          amountPaise: input.amount,
          reason: 'withdrawal_hold',
          reference: withdrawNo,
        },
      ]);
    });
  } catch (error) {
    // The same request key raced in: answer with the withdrawal that won.
    if ((error as { code?: string }).code === '23505' && input.requestKey) {
      const [raced] = await ctx.db.query<WithdrawalRow>(
        'select withdraw_no, amount_paise, usdt_micro, payout_account_id from withdrawals where user_id = $1 and request_key = $2',
        [userId, input.requestKey],
      );
      if (raced) return replay(ctx, userId, raced, input);
    }
    throw error;
  }
  ctx.log.info({ userId, withdrawNo, amountPaise: String(input.amount), kind: account.kind }, 'withdrawal requested');
  const balances = await findPlayerBalances(ctx.db, userId);
  return {
    withdrawNo,
    amount: formatMoney(input.amount),
    usdtAmount: usdtMicro === null ? null : formatUsdtMicro(usdtMicro),
    status: 'WAIT' as const,
    balance: formatMoney(balances.cashPaise),
  };
}

async function replay(ctx: AppContext, userId: number, row: WithdrawalRow, input: { amount: bigint; bankCardId: number }) {
  if (row.amount_paise !== input.amount || row.payout_account_id !== input.bankCardId)
    throw new AppError('IDEMPOTENCY_CONFLICT', `withdrawal ${row.withdraw_no} was requested with other details`);
  const balances = await findPlayerBalances(ctx.db, userId);
  return {
    withdrawNo: row.withdraw_no,
    amount: formatMoney(row.amount_paise),
    usdtAmount: row.usdt_micro === null ? null : formatUsdtMicro(row.usdt_micro),
    status: 'WAIT' as const,
    balance: formatMoney(balances.cashPaise),
  };
}
