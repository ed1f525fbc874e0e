import { formatMoney } from '@mayur/rules/money';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/db.ts';
import type { GatewayEvent } from '../gateways/payment-gateway.ts';
import { claimPaymentEvent, recordEventOutcome } from '../payment-events.ts';
import { markPaid, returnFunds, settlementAccounts, WITHDRAWAL_COLUMNS, type WithdrawalRow } from './withdrawal-settlement.ts';

export type PayoutOutcome = 'paid' | 'returned' | 'duplicate' | 'unknown_withdrawal' | 'not_in_flight' | 'amount_mismatch';

/**
 * A gateway's signed word on a payout in flight. The event id is claimed in the same transaction as
 * the settlement, so a replay moves nothing; a payout that is not in flight (never sent, or already
 * settled) is left alone; the amount and currency must be the withdrawal's own.
 */
export async function applyPayoutEvent(db: Db, log: Logger, provider: string, event: GatewayEvent): Promise<PayoutOutcome> {
  const [owner] = await db.query<{ user_id: number }>('select user_id from withdrawals where withdraw_no = $1', [event.orderNo]);
  const accounts = await settlementAccounts(db, { provider, user_id: owner?.user_id ?? 0 });
  const outcome = await db.transaction(async (tx): Promise<PayoutOutcome> => {
    const isNew = await claimPaymentEvent(tx, {
      provider,
      eventId: event.eventId,
      kind: 'payout',
      reference: event.orderNo,
      payload: { ...event, amount: formatMoney(event.amount) },
    });
    if (!isNew) return 'duplicate';
    const finish = async (result: PayoutOutcome) => {
      await recordEventOutcome(tx, provider, event.eventId, result);
      return result;
    };
    const [row] = await tx.query<WithdrawalRow>(
      `select ${WITHDRAWAL_COLUMNS} from withdrawals where withdraw_no = $1 and provider = $2 for update`,
      [event.orderNo, provider],
    );
    if (!row) return finish('unknown_withdrawal');
    if (row.status !== 'paying') return finish('not_in_flight');
    if (event.currency !== 'INR' || event.amount !== row.amount_paise) return finish('amount_mismatch');
    if (event.status === 'paid') {
      await markPaid(tx, row, accounts, event.reference ?? event.eventId);
      return finish('paid');
    }
    await returnFunds(tx, row, accounts.holdsAccountId, 'failed', `payout failed: ${event.reason ?? 'refused by the gateway'}`);
    return finish('returned');
  });
  const isAnomaly = !['paid', 'returned', 'duplicate'].includes(outcome);
  log[isAnomaly ? 'warn' : 'info']({ provider, eventId: event.eventId, withdrawNo: event.orderNo, outcome }, 'payout event');
  return outcome;
}
