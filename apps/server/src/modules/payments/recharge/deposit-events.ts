import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/db.ts';
import { inviteBonusSource, payInviteBonusIfDue, type InviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import { findPlayerAccounts, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postTransfer } from '../../wallet/post-transfer.ts';
import { claimPaymentEvent, recordEventOutcome } from '../payment-events.ts';

// Every way a recharge is confirmed (gateway callback, USDT watcher, operator) ends here: the event id
// is claimed, the order checked against what was paid, and the credit posted, all in one transaction,
// with the inviter's invite bonus when this deposit brings the player's recharges to its threshold.

/**
 * What the event says was paid: the currency's code and the amount in its smallest unit (paise for
 * INR, micro-USDT for USDT). Always present: a source that cannot state an amount has no event to apply.
 */
export type PaidAmount = { currency: string; amount: bigint };

export type DepositEvent = {
  provider: string;
  eventId: string;
  orderNo: string;
  status: 'paid' | 'failed';
  paid: PaidAmount;
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

/**
 * Compares what was paid with what the order asks for. Fails closed: an amount that is missing, not an
 * integer of the currency's smallest unit, or has nothing to be compared with is a mismatch, never a pass.
 */
function amountProblem(order: OrderRow, paid: PaidAmount | undefined): 'amount_mismatch' | 'currency_mismatch' | null {
  const expected =
    order.method === 'usdt' ? { currency: 'USDT', amount: order.usdt_micro } : { currency: 'INR', amount: order.amount_paise };
  if (paid?.currency !== expected.currency) return 'currency_mismatch';
  if (typeof paid.amount !== 'bigint' || typeof expected.amount !== 'bigint' || paid.amount !== expected.amount)
    return 'amount_mismatch';
  return null;
}

/**
 * Applies one authenticated deposit event. A paid event credits a pending order, or a failed one (the
 * money did arrive: a late success beats an earlier failure); a failed event closes a pending order.
 * Anything else (a replay, a completed order, a wrong amount or currency) changes no money; it is
 * recorded with its outcome and logged. A credit that brings the player's completed recharges to the
 * invite-bonus threshold pays their inviter in the same transaction (decision 0012).
 */
export async function applyDepositEvent(
  db: Db,
  log: Logger,
  inviteBonus: InviteBonusSettings,
  event: DepositEvent,
): Promise<DepositOutcome> {
  // The provider's clearing account is sharded by player like the room accounts (decision 0004), so
  // concurrent credits do not queue on one row. Looked up before the transaction: it may be created.
  const [owner] = await db.query<{ user_id: number }>('select user_id from deposit_orders where order_no = $1', [event.orderNo]);
  const clearingAccountId = await shardedHouseAccountId(db, `clearing:${event.provider}`, owner?.user_id ?? 0);
  const promotionsAccountId = await inviteBonusSource(db);
  let inviteBonusOutcome: string | undefined;
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
    inviteBonusOutcome = await payInviteBonusIfDue(tx, inviteBonus, promotionsAccountId, order.user_id);
    return finish('credited');
  });
  const isAnomaly = !['credited', 'marked_failed', 'duplicate'].includes(outcome);
  log[isAnomaly ? 'warn' : 'info'](
    { provider: event.provider, eventId: event.eventId, orderNo: event.orderNo, outcome, inviteBonusOutcome },
    'deposit event',
  );
  return outcome;
}
