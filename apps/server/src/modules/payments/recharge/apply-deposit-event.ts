import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/db.ts';
import { findPlayerAccounts, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postTransfer } from '../../wallet/post-transfer.ts';
import { claimPaymentEvent, recordEventOutcome } from '../payment-events.ts';

// Every way a recharge is confirmed (gateway callback, USDT watcher, operator) ends here: the event id
// is claimed, the order checked against what was paid, and the credit posted, all in one transaction.

export type PaidAmount = { currency: 'INR'; paise: bigint } | { currency: 'USDT'; micro: bigint };

export type DepositEvent = {
  provider: string;
  eventId: string;
  orderNo: string;
  status: 'paid' | 'failed';
  paid: PaidAmount | { currency: string };
  payload: unknown;
};

export type DepositOutcome =
  | 'credited'
  | 'marked_failed'
  | 'duplicate'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'already_completed'
  | 'already_closed';

type OrderRow = {
  id: bigint;
  user_id: number;
  method: string;
  provider: string;
  amount_paise: bigint;
  usdt_micro: bigint | null;
  status: 'pending' | 'completed' | 'failed';
};

function amountProblem(order: OrderRow, paid: DepositEvent['paid']): 'amount_mismatch' | 'currency_mismatch' | null {
  const expectedCurrency = order.method === 'usdt' ? 'USDT' : 'INR';
  if (paid.currency !== expectedCurrency) return 'currency_mismatch';
  if ('paise' in paid && paid.paise !== order.amount_paise) return 'amount_mismatch';
  if ('micro' in paid && paid.micro !== order.usdt_micro) return 'amount_mismatch';
  return null;
}

/**
 * Applies one authenticated deposit event. A paid event credits a pending order, or a failed one (the
 * money did arrive: a late success beats an earlier failure); a failed event closes a pending order.
 * Anything else (a replay, a completed order, a wrong amount or currency) changes no money; it is
 * recorded with its outcome and logged.
 */
export async function applyDepositEvent(db: Db, log: Logger, event: DepositEvent): Promise<DepositOutcome> {
  // The provider's clearing account is sharded by player like the room accounts (decision 0004), so
  // concurrent credits do not queue on one row. Looked up before the transaction: it may be created.
  const [owner] = await db.query<{ user_id: number }>('select user_id from deposit_orders where order_no = $1', [event.orderNo]);
  const clearingAccountId = await shardedHouseAccountId(db, `clearing:${event.provider}`, owner?.user_id ?? 0);
  const outcome = await db.transaction(async (tx): Promise<DepositOutcome> => {
    const isNew = await claimPaymentEvent(tx, {
      provider: event.provider,
      eventId: event.eventId,
      kind: 'deposit',
      reference: event.orderNo,
      payload: event.payload,
    });
    if (!isNew) return 'duplicate';
    const finish = async (result: DepositOutcome) => {
      await recordEventOutcome(tx, event.provider, event.eventId, result);
      return result;
    };
    const [order] = await tx.query<OrderRow>(
      `select id, user_id, method, provider, amount_paise, usdt_micro, status
       from deposit_orders where order_no = $1 and provider = $2 for update`,
      [event.orderNo, event.provider],
    );
    if (!order) return finish('unknown_order');
    if (order.status === 'completed') return finish('already_completed');
    if (event.status === 'failed') {
      if (order.status !== 'pending') return finish('already_closed');
      await tx.query("update deposit_orders set status = 'failed', completed_at = now() where id = $1", [order.id]);
      return finish('marked_failed');
    }
    const problem = amountProblem(order, event.paid);
    if (problem) {
      await tx.query('update deposit_orders set note = $2 where id = $1', [order.id, `${problem} (event ${event.eventId})`]);
      return finish(problem);
    }
    await tx.query("update deposit_orders set status = 'completed', completed_at = now(), note = null where id = $1", [order.id]);
    const accounts = await findPlayerAccounts(tx, order.user_id);
    await postTransfer(tx, {
      idempotencyKey: `deposit:${event.orderNo}`,
      debitAccountId: clearingAccountId,
      creditAccountId: accounts.cashAccountId,
      amountPaise: order.amount_paise,
      reason: 'deposit',
      reference: event.orderNo,
    });
    return finish('credited');
  });
  const isAnomaly = !['credited', 'marked_failed', 'duplicate'].includes(outcome);
  log[isAnomaly ? 'warn' : 'info'](
    { provider: event.provider, eventId: event.eventId, orderNo: event.orderNo, outcome },
    'deposit event',
  );
  return outcome;
}
