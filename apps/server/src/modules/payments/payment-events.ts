import type { Queryable } from '../../platform/db/db.ts';
import { storableJsonText } from '../../platform/db/storable-json.ts';

export type EventKind = 'deposit' | 'payout';

/**
 * Claims a provider event id inside the caller's transaction. Returns false when the id was seen
 * before: a concurrent duplicate waits on the unique index until the first commits, then finds it
 * taken. Because the claim and any credit commit together, an event moves money at most once.
 */
export async function claimPaymentEvent(
  tx: Queryable,
  event: { provider: string; eventId: string; kind: EventKind; reference: string; payload: unknown },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into payment_events (provider, event_id, kind, reference, outcome, payload)
     values ($1, $2, $3, $4, 'claimed', $5)
     on conflict (provider, event_id) do nothing
     returning id`,
    // As received, but well formed and bounded: jsonb refuses a lone surrogate, and a payment must never
    // be refused for the free text it carries.
    [event.provider, event.eventId, event.kind, event.reference, storableJsonText(event.payload)],
  );
  return rows.length === 1;
}

export async function recordEventOutcome(tx: Queryable, provider: string, eventId: string, outcome: string): Promise<void> {
  await tx.query('update payment_events set outcome = $3 where provider = $1 and event_id = $2', [provider, eventId, outcome]);
}
