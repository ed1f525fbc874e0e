import type { Queryable } from '../../platform/db/db.ts';

type OutboxRow = { channel: string; destination: string; code: string; text: string; sent_at: Date };

const OUTBOX_LIMIT = 100;

/** What the outbox provider would have sent, newest first (DESIGN.md §3). */
export async function findOutbox(db: Queryable) {
  const rows = await db.query<OutboxRow>(
    'select channel, destination, code, text, sent_at from outbox_messages order by id desc limit $1',
    [OUTBOX_LIMIT],
  );
  return rows.map((row) => ({
    to: row.destination,
    channel: row.channel,
    code: row.code,
    text: row.text,
    sentAt: row.sent_at.toISOString(),
  }));
}
