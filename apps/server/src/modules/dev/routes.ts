import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

const OUTBOX_LIMIT = 100;

/** Development only: what the outbox provider would have sent, newest first (DESIGN.md §3). */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.isProduction) return;
  app.get('/dev/outbox', async () => {
    const rows = await ctx.db.query<{ channel: string; destination: string; code: string; text: string; sent_at: Date }>(
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
  });
}
