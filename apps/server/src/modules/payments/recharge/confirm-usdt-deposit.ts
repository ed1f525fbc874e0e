import type { Logger } from 'pino';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { InviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import { applyDepositEvent } from './deposit-events.ts';

// An operator confirms a USDT recharge by hand after checking the chain (the watcher refused it: a
// short payment, a late one, a node that was down). The CLI's deposit:confirm and the console's
// /deposits/confirm both call this. It is one more deposit event, `operator:<orderNo>`, so a second
// confirmation finds its id taken and moves nothing, and a credit the watcher already made is refused.
// Like every credit it is checked against player protection: money the player may not receive now (a
// deposit limit, an exclusion) is held for its return rather than credited, and the answer says so.

export type UsdtConfirmation = {
  orderNo: string;
  playerId: number;
  amountPaise: bigint;
  usdtMicro: bigint;
  /** `held`: the money is in the deposit holds, to be returned (deposit:return), not in the player's cash. */
  outcome: 'credited' | 'held';
};

export async function confirmUsdtDeposit(
  deps: { db: Db; log: Logger; inviteBonus: InviteBonusSettings; clock?: Clock },
  orderNo: string,
  actor: string,
  within: (tx: Queryable, outcome: 'credited' | 'held') => Promise<void> = async () => undefined,
): Promise<UsdtConfirmation> {
  const [order] = await deps.db.query<{
    user_id: number;
    method: string;
    provider: string;
    amount_paise: bigint;
    usdt_micro: bigint | null;
  }>('select user_id, method, provider, amount_paise, usdt_micro from deposit_orders where order_no = $1', [orderNo]);
  if (!order) throw new AppError('ORDER_NOT_FOUND', `no recharge order ${orderNo}`);
  // Bank and UPI orders are confirmed by the gateway's signed callback only.
  if (order.method !== 'usdt' || order.usdt_micro === null)
    throw new AppError(
      'RECHARGE_METHOD_INVALID',
      `${orderNo} is a ${order.method} order: only USDT orders are confirmed by hand`,
    );
  const outcome = await applyDepositEvent(
    deps.db,
    deps.log,
    deps.inviteBonus,
    {
      provider: order.provider,
      eventId: `operator:${orderNo}`,
      orderNo,
      status: 'paid',
      paid: { currency: 'USDT', amount: order.usdt_micro },
      payload: { confirmedBy: actor },
    },
    deps.clock?.now(),
    within,
  );
  if (outcome === 'duplicate') throw new AppError('ORDER_CLOSED', `order ${orderNo} was already confirmed by an operator`);
  if (outcome !== 'credited' && outcome !== 'held')
    throw new AppError('ORDER_CLOSED', `order ${orderNo} not credited: ${outcome.replace(/_/g, ' ')}`);
  return { orderNo, playerId: order.user_id, amountPaise: order.amount_paise, usdtMicro: order.usdt_micro, outcome };
}
