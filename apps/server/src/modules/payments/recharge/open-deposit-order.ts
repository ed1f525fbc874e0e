import { type TRechargeMethod } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { GatewayError, type PaymentGateway } from '../gateways/payment-gateway.ts';
import { newOrderNumber } from '../order-numbers.ts';
import { assertMayDeposit } from '../../protection/enforce-protection.ts';
import { assertPlayerNotFrozen } from '../../users/player-state.ts';
import { assertOrderRate, findOrderByRequestKey } from './deposit-orders.ts';

type OrderRow = { order_no: string; amount_paise: bigint; pay_url: string | null; status: string };

/**
 * Opens a bank/UPI recharge order and asks the gateway where it is paid. The order is stored before
 * the gateway is called, so a callback can never arrive for an order we do not know.
 */
export async function openDepositOrder(
  ctx: AppContext,
  gateway: PaymentGateway,
  userId: number,
  input: { amount: bigint; method: TRechargeMethod; requestKey?: string | undefined },
) {
  const { minRechargePaise, maxRechargePaise } = ctx.config.payments;
  if (input.amount < minRechargePaise || input.amount > maxRechargePaise)
    throw new AppError('RECHARGE_AMOUNT_INVALID', `amount ${input.amount} outside limits`, { field: 'amount' });
  const replayed = await findOrderByRequestKey<OrderRow>(ctx, userId, input.requestKey);
  if (replayed) return replayedOrder(replayed, input.amount);
  await assertOrderRate(ctx, userId);

  const now = ctx.clock.now();
  const orderNo = newOrderNumber('R', now);
  const inserted = await ctx.db.transaction(async (tx) => {
    // Player protection (decision 0022): refused during an exclusion or past a deposit limit, decided
    // under the player's protection row lock so that parallel orders count one another.
    await assertPlayerNotFrozen(tx, userId);
    await assertMayDeposit(tx, now, userId, input.amount);
    return tx.query(
      `insert into deposit_orders (order_no, user_id, method, provider, amount_paise, request_key)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, request_key) where request_key is not null do nothing
       returning id`,
      [orderNo, userId, input.method, gateway.name, input.amount, input.requestKey ?? null],
    );
  });
  if (inserted.length === 0) {
    const raced = await findOrderByRequestKey<OrderRow>(ctx, userId, input.requestKey);
    return replayedOrder(raced!, input.amount);
  }
  let payUrl: string;
  try {
    ({ payUrl } = await gateway.startDeposit({ orderNo, amountPaise: input.amount, method: input.method }));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    ctx.log.error({ err: error, orderNo }, 'gateway did not open the order');
    await ctx.db.query(
      "update deposit_orders set status = 'failed', note = 'gateway did not open the order' where order_no = $1",
      [orderNo],
    );
    throw new AppError('PAYMENT_PROVIDER_FAILED', error.message);
  }
  await ctx.db.query('update deposit_orders set pay_url = $2 where order_no = $1', [orderNo, payUrl]);
  ctx.log.info({ userId, orderNo, amountPaise: String(input.amount), method: input.method }, 'recharge order opened');
  return { orderNo, amount: formatMoney(input.amount), payUrl };
}

function replayedOrder(row: OrderRow, amountPaise: bigint) {
  if (row.amount_paise !== amountPaise) throw new AppError('IDEMPOTENCY_CONFLICT', `order ${row.order_no} has another amount`);
  if (row.status !== 'pending') throw new AppError('ORDER_CLOSED', `order ${row.order_no} is ${row.status}`);
  // The first request is still waiting for the gateway: the player may try again in a moment.
  if (!row.pay_url) throw new AppError('PAYMENT_PROVIDER_FAILED', `order ${row.order_no} has no page yet`);
  return { orderNo: row.order_no, amount: formatMoney(row.amount_paise), payUrl: row.pay_url };
}
