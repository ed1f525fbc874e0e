import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/db.ts';
import type { Tx } from '../../../platform/db/db.ts';
import { claimInviteBonusIfDue, inviteBonusSource, type InviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import { findDepositHold, type DepositHold } from '../../protection/enforce-protection.ts';
import { findPlayerAccounts, houseAccountId, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postWithBonusCredits } from '../../wallet/bonus-wagering.ts';
import { postGroup } from '../../wallet/ledger.ts';
import { claimPaymentEvent, recordEventOutcome } from '../payment-events.ts';

// Every way a recharge is confirmed (gateway callback, USDT watcher, operator) ends here: the event id
// is claimed, the order checked against what was paid and against player protection, and the credit
// posted, all in one transaction, with the inviter's invite bonus when this deposit brings the
// player's recharges to its threshold. A payment that may not be credited is held for its return.

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
  | 'held'
  | 'already_held'
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
  created_at: Date;
  held_reason: string | null;
};

type DepositAccounts = { clearingAccountId: number; holdsAccountId: number };

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
 * The money of a paid order that may not be credited (decision 0022, "Late credits"): moved from the
 * provider's clearing account to the deposit holds, never to the player, and the order closed as
 * failed with the reason it is held, until an operator returns it (return-held-deposit.ts).
 */
async function holdDeposit(tx: Tx, order: OrderRow, orderNo: string, hold: DepositHold, accounts: DepositAccounts) {
  await tx.query(
    `update deposit_orders set status = 'failed', held_reason = $2, held_at = now(), completed_at = coalesce(completed_at, now()),
            note = $3
     where id = $1`,
    [order.id, hold.reason, `paid but held, not credited: ${hold.detail}; to be returned (deposit:return)`],
  );
  await postGroup(tx, [
    {
      idempotencyKey: `deposit-held:${orderNo}`,
      debitAccountId: accounts.clearingAccountId,
      creditAccountId: accounts.holdsAccountId,
      amountPaise: order.amount_paise,
      reason: 'deposit_held',
      reference: orderNo,
    },
  ]);
}

/** What the credit needs beside the event: the app's time, the accounts, the invite bonus's rule. */
type CreditContext = { now: Date; accounts: DepositAccounts; inviteBonus: InviteBonusSettings; promotionsAccountId: number };

/** The event's effect on its order, in the transaction that claimed it (see applyDepositEvent). */
async function applyToOrder(
  tx: Tx,
  event: DepositEvent,
  context: CreditContext,
): Promise<{ outcome: DepositOutcome; inviteBonusOutcome?: string }> {
  const [order] = await tx.query<OrderRow>(
    `select id, user_id, method, provider, amount_paise, usdt_micro, status, created_at, held_reason
     from deposit_orders where order_no = $1 and provider = $2 for update`,
    [event.orderNo, event.provider],
  );
  if (!order) return { outcome: 'unknown_order' };
  if (order.held_reason !== null) return { outcome: 'already_held' };
  if (order.status === 'completed') return { outcome: 'already_completed' };
  if (event.status === 'failed') {
    if (order.status !== 'pending') return { outcome: 'already_closed' };
    await tx.query("update deposit_orders set status = 'failed', completed_at = now() where id = $1", [order.id]);
    return { outcome: 'marked_failed' };
  }
  const problem = amountProblem(order, event.paid);
  if (problem) {
    await tx.query('update deposit_orders set note = $2 where id = $1', [order.id, `${problem} (event ${event.eventId})`]);
    return { outcome: problem };
  }
  const hold = await findDepositHold(tx, context.now, order.user_id, {
    amountPaise: order.amount_paise,
    openedAt: order.created_at,
  });
  if (hold) {
    await holdDeposit(tx, order, event.orderNo, hold, context.accounts);
    return { outcome: 'held' };
  }
  await tx.query("update deposit_orders set status = 'completed', completed_at = now(), note = null where id = $1", [order.id]);
  const player = await findPlayerAccounts(tx, order.user_id);
  // The order was not completed, so its credit is posted now: the invite bonus counts it in. The credit
  // and the bonus are one group, locked in the ledger's one order (a cash gift the player redeems
  // meanwhile moves the same cash and promotions accounts).
  const inviteBonus = await claimInviteBonusIfDue(
    tx,
    context.inviteBonus,
    context.promotionsAccountId,
    order.user_id,
    order.amount_paise,
  );
  const credit = {
    idempotencyKey: `deposit:${event.orderNo}`,
    debitAccountId: context.accounts.clearingAccountId,
    creditAccountId: player.cashAccountId,
    amountPaise: order.amount_paise,
    reason: 'deposit',
    reference: event.orderNo,
  } as const;
  await postWithBonusCredits(tx, [credit], inviteBonus.bonusCredits);
  return { outcome: 'credited', inviteBonusOutcome: inviteBonus.outcome };
}

/**
 * Applies one authenticated deposit event. A paid event credits a pending order, or a failed one (the
 * money did arrive: a late success beats an earlier failure) — unless player protection holds it: no
 * deposit is credited during a time-out or self-exclusion, nor past a deposit limit of the periods the
 * order was opened in (a failed or expired order no longer counted in them); such money is held for
 * its return, never lost. A failed event closes a pending order. Anything else (a replay, a completed
 * or held order, a wrong amount or currency) changes no money; it is recorded with its outcome and
 * logged. A credit that brings the player's completed recharges to the invite-bonus threshold pays
 * their inviter in the same transaction (decision 0012). `now` is the app's clock, which decides
 * whether an exclusion is in force.
 */
export async function applyDepositEvent(
  db: Db,
  log: Logger,
  inviteBonus: InviteBonusSettings,
  event: DepositEvent,
  now: Date = new Date(),
  withinCredit: (tx: Tx, outcome: 'credited' | 'held') => Promise<void> = async () => undefined,
): Promise<DepositOutcome> {
  // The provider's clearing account is sharded by player like the room accounts (decision 0004), so
  // concurrent credits do not queue on one row. Looked up before the transaction: it may be created.
  const [owner] = await db.query<{ user_id: number }>('select user_id from deposit_orders where order_no = $1', [event.orderNo]);
  const context: CreditContext = {
    now,
    accounts: {
      clearingAccountId: await shardedHouseAccountId(db, `clearing:${event.provider}`, owner?.user_id ?? 0),
      holdsAccountId: await houseAccountId(db, 'deposit-holds'),
    },
    inviteBonus,
    promotionsAccountId: await inviteBonusSource(db),
  };
  const applied = await db.transaction(async (tx): Promise<{ outcome: DepositOutcome; inviteBonusOutcome?: string }> => {
    const isNew = await claimPaymentEvent(tx, {
      provider: event.provider,
      eventId: event.eventId,
      kind: 'deposit',
      reference: event.orderNo,
      payload: event.payload,
    });
    if (!isNew) return { outcome: 'duplicate' };
    const result = await applyToOrder(tx, event, context);
    await recordEventOutcome(tx, event.provider, event.eventId, result.outcome);
    // An operator's confirmation writes its audit row with the money it moved, in this transaction.
    if (result.outcome === 'credited' || result.outcome === 'held') await withinCredit(tx, result.outcome);
    return result;
  });
  const { outcome, inviteBonusOutcome } = applied;
  // A held payment is not the gateway's anomaly, but an operator must return it: it is a warning too.
  const isAnomaly = !['credited', 'marked_failed', 'duplicate'].includes(outcome);
  log[isAnomaly ? 'warn' : 'info'](
    { provider: event.provider, eventId: event.eventId, orderNo: event.orderNo, outcome, inviteBonusOutcome },
    'deposit event',
  );
  return outcome;
}
