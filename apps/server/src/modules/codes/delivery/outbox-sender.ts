import type { Queryable } from '../../../platform/db/db.ts';
import type { CodeSender } from './code-delivery.ts';

/** Development delivery: the message is stored and listed at GET /dev/outbox instead of being sent. */
export function outboxSender(db: Queryable): CodeSender {
  return {
    async send(message) {
      await db.query('insert into outbox_messages (channel, destination, code, text) values ($1, $2, $3, $4)', [
        message.channel,
        message.destination,
        message.code,
        message.text,
      ]);
    },
  };
}
