import { formatMoney, type TCrashBet } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findPlayerAccounts, findPlayerBalances } from '../../wallet/accounts.ts';
import { postTransfer } from '../../wallet/post-transfer.ts';
import { houseAccountOfBet } from './crash-bet-account.ts';
import { findCrashBet, toCrashBetView } from './crash-bet-view.ts';

/** Cancels a queued bet, or an open one while its round still takes bets; the stake returns. */
export async function cancelCrashBet(
  ctx: AppContext,
  userId: number,
  betId: bigint,
  receivedAtMs: number,
): Promise<{ bet: TCrashBet; balance: string }> {
  const houseId = await houseAccountOfBet(ctx, userId, betId);
  await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ stake_paise: bigint }>(
      `update crash_bets b set status = 'cancelled'
       where b.id = $1 and b.user_id = $2 and (
         b.status = 'queued' or
         (b.status = 'open' and exists (select 1 from crash_rounds r where r.id = b.round_id and r.flying_at > $3))
       )
       returning b.stake_paise`,
      [betId, userId, new Date(receivedAtMs)],
    );
    const bet = rows[0];
    if (!bet) {
      const mine = await tx.query('select 1 from crash_bets where id = $1 and user_id = $2', [betId, userId]);
      throw new AppError(mine.length > 0 ? 'BET_NOT_CANCELLABLE' : 'BET_UNKNOWN', `bet ${betId} for user ${userId}`);
    }
    const accounts = await findPlayerAccounts(tx, userId);
    await postTransfer(tx, {
      idempotencyKey: `crash-cancel:${betId}`,
      debitAccountId: houseId,
      creditAccountId: accounts.cashAccountId,
      amountPaise: bet.stake_paise,
      reason: 'refund',
      reference: `crash-bet:${betId}`,
    });
  });
  const balances = await findPlayerBalances(ctx.db, userId);
  return { bet: toCrashBetView(await findCrashBet(ctx.db, betId)), balance: formatMoney(balances.cashPaise) };
}
