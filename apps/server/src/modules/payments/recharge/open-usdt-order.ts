import { type TUsdtAddressPayResponse } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import QRCode from 'qrcode';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { formatUsdtMicro, MICRO_PER_CENT, newOrderNumber, usdtCentsToPaise } from '../order-numbers.ts';
import { deriveDepositAddress } from '../usdt/tron-address.ts';
import { assertOrderRate, findOrderByRequestKey } from './deposit-orders.ts';
import { USDT_PROVIDER } from '../usdt/usdt-provider.ts';
import { assertMayDeposit } from '../../protection/enforce-protection.ts';
import { assertPlayerNotFrozen } from '../../users/player-state.ts';

type UsdtOrderRow = {
  order_no: string;
  status: string;
  amount_paise: bigint;
  usdt_micro: bigint;
  deposit_address: string;
  expires_at: Date;
};

async function qrDataUrl(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

async function toResponse(ctx: AppContext, row: UsdtOrderRow): Promise<TUsdtAddressPayResponse> {
  return {
    orderNo: row.order_no,
    network: 'TRC20',
    address: row.deposit_address,
    qrDataUrl: await qrDataUrl(row.deposit_address),
    usdtAmount: formatUsdtMicro(row.usdt_micro),
    amount: formatMoney(row.amount_paise),
    rate: formatMoney(ctx.config.payments.usdt.ratePaise),
    expiresAtMs: row.expires_at.getTime(),
  };
}

/** A retried request: the same order, if it asked for the same amount and the address is still open. */
function replayedOrder(ctx: AppContext, row: UsdtOrderRow, amountCents: bigint): Promise<TUsdtAddressPayResponse> {
  if (row.usdt_micro !== amountCents * MICRO_PER_CENT)
    throw new AppError('IDEMPOTENCY_CONFLICT', `order ${row.order_no} has another amount`);
  // A closed order's address is no longer watched: never show it as a place to pay again.
  if (row.status !== 'pending') throw new AppError('ORDER_CLOSED', `order ${row.order_no} is ${row.status}`);
  return toResponse(ctx, row);
}

/**
 * Opens a USDT recharge order with its own deposit address: the next index of the operator's xpub
 * (m/44'/195'/0'/0/i), so no address is ever given twice and no private key is on the server.
 */
export async function openUsdtOrder(
  ctx: AppContext,
  userId: number,
  input: { amountCents: bigint; requestKey?: string | undefined },
): Promise<TUsdtAddressPayResponse> {
  const { usdt } = ctx.config.payments;
  if (!usdt.xpub) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'no USDT_XPUB configured');
  if (input.amountCents < usdt.minCents || input.amountCents > usdt.maxCents)
    throw new AppError('RECHARGE_AMOUNT_INVALID', `USDT ${input.amountCents} cents outside limits`, { field: 'amount' });
  const replayed = await findOrderByRequestKey<UsdtOrderRow>(ctx, userId, input.requestKey);
  if (replayed) return replayedOrder(ctx, replayed, input.amountCents);
  await assertOrderRate(ctx, userId);

  const amountPaise = usdtCentsToPaise(input.amountCents, usdt.ratePaise);
  const [sequence] = await ctx.db.query<{ index: bigint }>("select nextval('usdt_address_index_seq') as index");
  const index = Number(sequence!.index);
  const address = deriveDepositAddress(usdt.xpub, index);
  const now = ctx.clock.now();
  const [row] = await ctx.db.transaction(async (tx) => {
    // Player protection (decision 0022): as for bank/UPI orders, under the player's protection row lock.
    await assertPlayerNotFrozen(tx, userId);
    await assertMayDeposit(tx, now, userId, amountPaise);
    return tx.query<UsdtOrderRow>(
      `insert into deposit_orders
       (order_no, user_id, method, provider, amount_paise, usdt_micro, deposit_address, address_index, expires_at, request_key)
     values ($1, $2, 'usdt', $3, $4, $5, $6, $7, $8, $9)
     on conflict (user_id, request_key) where request_key is not null do nothing
     returning order_no, status, amount_paise, usdt_micro, deposit_address, expires_at`,
      [
        newOrderNumber('R', now),
        userId,
        USDT_PROVIDER,
        amountPaise,
        input.amountCents * MICRO_PER_CENT,
        address,
        index,
        new Date(now.getTime() + usdt.orderTtlMs),
        input.requestKey ?? null,
      ],
    );
  });
  if (!row) {
    // The same request key raced in: answer as a retry of the order that won.
    const raced = await findOrderByRequestKey<UsdtOrderRow>(ctx, userId, input.requestKey);
    return replayedOrder(ctx, raced!, input.amountCents);
  }
  ctx.log.info({ userId, orderNo: row.order_no, addressIndex: index }, 'USDT recharge order opened');
  return toResponse(ctx, row);
}
