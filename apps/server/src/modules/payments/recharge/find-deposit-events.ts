import type { Queryable } from '../../../platform/db/db.ts';

// The provider events recorded for one recharge order (gateway callbacks, watcher sightings, operator
// confirmations), oldest first, each with the outcome it had: what an operator reads before confirming.

export type DepositEventRow = {
  provider: string;
  eventId: string;
  outcome: string;
  payload: unknown;
  receivedAt: Date;
};

export const DEPOSIT_EVENTS_LIMIT = 100;

export async function findDepositEvents(db: Queryable, orderNo: string): Promise<DepositEventRow[]> {
  const rows = await db.query<{ provider: string; event_id: string; outcome: string; payload: unknown; received_at: Date }>(
    `select provider, event_id, outcome, payload, received_at from payment_events
     where reference = $1 and kind = 'deposit' order by id limit $2`,
    [orderNo, DEPOSIT_EVENTS_LIMIT],
  );
  return rows.map((row) => ({
    provider: row.provider,
    eventId: row.event_id,
    outcome: row.outcome,
    payload: row.payload,
    receivedAt: row.received_at,
  }));
}
