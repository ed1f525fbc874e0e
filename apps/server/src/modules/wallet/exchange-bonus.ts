import { randomUUID } from 'node:crypto';
import { formatMoney } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { findPlayerAccounts, findPlayerBalances } from './accounts.ts';
import { postTransfer } from './post-transfer.ts';

/** Moves bonus to cash. "Your bonus is insufficient" comes from the conditional debit itself. */
export async function exchangeBonus(ctx: AppContext, userId: number, amountPaise: bigint, requestKey: string | undefined) {
  return ctx.db.transaction(async (tx) => {
    const accounts = await findPlayerAccounts(tx, userId);
    await postTransfer(tx, {
      idempotencyKey: `bonus-exchange:${userId}:${requestKey ?? randomUUID()}`,
      debitAccountId: accounts.bonusAccountId,
      creditAccountId: accounts.cashAccountId,
      amountPaise,
      reason: 'bonus_exchange',
    });
    const balances = await findPlayerBalances(tx, userId);
    return {
      amount: formatMoney(amountPaise),
      balance: formatMoney(balances.cashPaise),
      bonus: formatMoney(balances.bonusPaise),
    };
  });
}
