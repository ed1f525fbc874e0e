import type { Logger } from 'pino';
import type { TRechargeHeldReason } from '@mayur/contracts';
import type { Db, Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { houseAccountId, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postGroup } from '../../wallet/ledger.ts';

// A recharge paid when it could not be credited (over a deposit limit, or during a time-out or
// self-exclusion) is held, never added to the player's cash (deposit-events.ts, decision 0022). An
// operator sends it back to the payer through the provider, outside Mayur, and records it here: the
// held amount leaves the deposit holds for the provider's clearing account it came from, once, and the
// player's record shows it returned. The CLI's deposit:return and the console's /deposits/return call
// this; the console's audit row is written by `within`, in the return's own transaction, so the return
// and its record commit together or not at all.

export type ReturnedDeposit = { orderNo: string; playerId: number; amountPaise: bigint; heldReason: TRechargeHeldReason };

type HeldOrder = {
  id: bigint;
  user_id: number;
  provider: string;
  amount_paise: bigint;
  held_reason: TRechargeHeldReason | null;
  returned_at: Date | null;
};

export async function returnHeldDeposit(
  deps: { db: Db; log: Logger },
  orderNo: string,
  actor: string,
  /** Runs inside the return's transaction once the money moved; when it throws, nothing is returned. */
  within: (tx: Queryable, returned: ReturnedDeposit) => Promise<void> = async () => undefined,
): Promise<ReturnedDeposit> {
  const [owner] = await deps.db.query<{ user_id: number; provider: string }>(
    'select user_id, provider from deposit_orders where order_no = $1',
    [orderNo],
  );
  if (!owner) throw new AppError('ORDER_NOT_FOUND', `no recharge order ${orderNo}`);
  const clearingAccountId = await shardedHouseAccountId(deps.db, `clearing:${owner.provider}`, owner.user_id);
  const holdsAccountId = await houseAccountId(deps.db, 'deposit-holds');
  const returned = await deps.db.transaction(async (tx) => {
    const [order] = await tx.query<HeldOrder>(
      'select id, user_id, provider, amount_paise, held_reason, returned_at from deposit_orders where order_no = $1 for update',
      [orderNo],
    );
    if (!order?.held_reason) throw new AppError('ORDER_CLOSED', `order ${orderNo} is not held: nothing to return`);
    if (order.returned_at) throw new AppError('ORDER_CLOSED', `order ${orderNo} was already returned`);
    await tx.query(`update deposit_orders set returned_at = now(), note = $2 where id = $1`, [
      order.id,
      `held (${order.held_reason.replace(/_/g, ' ')}), returned by ${actor}`,
    ]);
    await postGroup(tx, [
      {
        idempotencyKey: `deposit-returned:${orderNo}`,
        debitAccountId: holdsAccountId,
        creditAccountId: clearingAccountId,
        amountPaise: order.amount_paise,
        reason: 'deposit_returned',
        reference: orderNo,
      },
    ]);
    const done: ReturnedDeposit = {
      orderNo,
      playerId: order.user_id,
      amountPaise: order.amount_paise,
      heldReason: order.held_reason,
    };
    await within(tx, done);
    return done;
  });
  deps.log.info(
    { orderNo, playerId: returned.playerId, amountPaise: String(returned.amountPaise), actor },
    'held deposit returned',
  );
  return returned;
}
