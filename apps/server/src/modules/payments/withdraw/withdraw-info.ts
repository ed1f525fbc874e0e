import { type TWithdrawInfo } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../../platform/context.ts';
import { findPlayerBalances } from '../../wallet/accounts.ts';

export async function withdrawInfo(ctx: AppContext, userId: number): Promise<TWithdrawInfo> {
  const { payments } = ctx.config;
  const balances = await findPlayerBalances(ctx.db, userId);
  const [user] = await ctx.db.query<{ has_password: boolean }>(
    'select withdraw_password_hash is not null as has_password from users where id = $1',
    [userId],
  );
  return {
    balance: formatMoney(balances.cashPaise),
    minBankAmount: formatMoney(payments.minWithdrawBankPaise),
    minUsdtAmount: formatMoney(payments.minWithdrawUsdtPaise),
    maxAmount: formatMoney(payments.maxWithdrawPaise),
    usdtRate: formatMoney(payments.usdt.ratePaise),
    hasWithdrawPassword: user?.has_password ?? false,
  };
}
