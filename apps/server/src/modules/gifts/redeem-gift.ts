import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { assertMayRedeemGift } from '../protection/enforce-protection.ts';
import { findPlayerAccounts, findPlayerBalances, houseAccountId } from '../wallet/accounts.ts';
import { postBonusCredit } from '../wallet/bonus-wagering.ts';
import { postGroup } from '../wallet/ledger.ts';

type GiftRow = { amount_paise: bigint; target: 'bonus' | 'cash' };

/**
 * Redeems a gift code: once per player, within its uses and expiry. The use count is taken with one
 * guarded UPDATE on the code's row, so many players racing for a one-use code credit exactly one.
 */
export async function redeemGift(ctx: AppContext, userId: number, code: string) {
  const promotionsAccountId = await houseAccountId(ctx.db, 'promotions');
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // Player protection (decision 0022): no gift during a time-out or self-exclusion.
    await assertMayRedeemGift(tx, now, userId);
    const claimed = await tx.query<GiftRow>(
      `update gift_codes set used_count = used_count + 1
       where code = $1 and approval_status = 'approved' and used_count < max_uses and (expires_at is null or expires_at > $2)
         and disabled_at is null
         and not exists (select 1 from gift_redemptions r where r.code = $1 and r.user_id = $3)
       returning amount_paise, target`,
      [code, now, userId],
    );
    const gift = claimed[0];
    if (!gift) throw await whyRefused(tx, code, userId, now);
    const credit = {
      idempotencyKey: `gift:${code}:${userId}`,
      debitAccountId: promotionsAccountId,
      amountPaise: gift.amount_paise,
      reason: 'gift',
      reference: `gift:${code}`,
    } as const;
    // Bonus carries the wagering requirement (decision 0009); a cash gift is cash the operator gives.
    const transfer =
      gift.target === 'bonus'
        ? await postBonusCredit(tx, ctx.config.bonusWageringMultiplierX100, userId, credit)
        : (await postGroup(tx, [{ ...credit, creditAccountId: (await findPlayerAccounts(tx, userId)).cashAccountId }]))[0];
    // The same player racing themselves: the second request finds the first one's transfer.
    if (transfer.isReplay) throw new AppError('GIFT_ALREADY_REDEEMED', `user ${userId} already redeemed ${code}`);
    await tx.query('insert into gift_redemptions (code, user_id, transfer_id) values ($1, $2, $3)', [code, userId, transfer.id]);
    const balances = await findPlayerBalances(tx, userId);
    return { gift, balances };
  });
  ctx.log.info({ userId, code, amountPaise: String(result.gift.amount_paise) }, 'gift redeemed');
  return {
    amount: formatMoney(result.gift.amount_paise),
    wallet: result.gift.target,
    balance: formatMoney(result.balances.cashPaise),
    bonus: formatMoney(result.balances.bonusPaise),
  };
}

async function whyRefused(tx: Queryable, code: string, userId: number, now: Date): Promise<AppError> {
  const redeemed = await tx.query('select 1 from gift_redemptions where code = $1 and user_id = $2', [code, userId]);
  if (redeemed.length > 0) return new AppError('GIFT_ALREADY_REDEEMED', `user ${userId} already redeemed ${code}`);
  const rows = await tx.query<{
    used_count: number;
    max_uses: number;
    expires_at: Date | null;
    disabled_at: Date | null;
    approval_status: string;
  }>('select used_count, max_uses, expires_at, disabled_at, approval_status from gift_codes where code = $1', [code]);
  const gift = rows[0];
  // A code still waiting for its second approver (or refused by them) does not exist yet for players.
  if (!gift || gift.approval_status !== 'approved') return new AppError('GIFT_NOT_FOUND', `no redeemable gift code ${code}`);
  if (gift.expires_at && gift.expires_at.getTime() <= now.getTime()) return new AppError('GIFT_EXPIRED', `gift ${code} expired`);
  // A code an operator disabled reads to the player like an expired one.
  if (gift.disabled_at) return new AppError('GIFT_EXPIRED', `gift ${code} was disabled`);
  return new AppError('GIFT_USED_UP', `gift ${code} used ${gift.used_count} of ${gift.max_uses}`);
}
