import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findPlayerAccounts, findPlayerBalances } from './accounts.ts';
import { findStakedPaise, lockWagering, wageringProgress } from './bonus-wagering.ts';
import { postGroup } from './ledger.ts';

/**
 * Moves bonus to cash once the player's wagering requirement is met (decision 0009). The request key
 * is required: a retry with the same key answers with the first result and moves nothing, even if
 * the requirement changed since. "Your bonus is insufficient" comes from the conditional debit itself.
 */
export async function exchangeBonus(ctx: AppContext, userId: number, amountPaise: bigint, requestKey: string) {
  const idempotencyKey = `bonus-exchange:${userId}:${requestKey}`;
  return ctx.db.transaction(async (tx) => {
    // The lock comes first: a gift credited meanwhile waits, so its bonus cannot leave unwagered.
    const state = await lockWagering(tx, userId);
    const isRetry = (await tx.query('select 1 from ledger_transfers where idempotency_key = $1', [idempotencyKey])).length > 0;
    if (!isRetry) {
      const progress = wageringProgress(state, await findStakedPaise(tx, userId), ctx.config.bonusWageringMultiplierX100);
      if (progress.remainingPaise > 0n)
        throw new AppError(
          'BONUS_WAGERING_INCOMPLETE',
          `user ${userId} must bet ${formatMoney(progress.remainingPaise)} more of ${formatMoney(progress.requiredPaise)}`,
        );
    }
    const accounts = await findPlayerAccounts(tx, userId);
    await postGroup(tx, [
      {
        idempotencyKey,
        debitAccountId: accounts.bonusAccountId,
        creditAccountId: accounts.cashAccountId,
        amountPaise,
        reason: 'bonus_exchange',
      },
    ]);
    const balances = await findPlayerBalances(tx, userId);
    return {
      amount: formatMoney(amountPaise),
      balance: formatMoney(balances.cashPaise),
      bonus: formatMoney(balances.bonusPaise),
    };
  });
}
