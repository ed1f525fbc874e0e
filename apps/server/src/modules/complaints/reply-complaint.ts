import type { TComplaint } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { COMPLAINT_COLUMNS, complaintViews, findOwnComplaintRow, type ComplaintRow } from './complaint-view.ts';

/** A thread is bounded: past this many messages the player files a new complaint. */
export const MAX_THREAD_MESSAGES = 200;

/**
 * `/user/replyComplaint`: the player's reply on their own complaint. A complaint that was answered or
 * closed is open again, since the player says it is not settled.
 */
export async function replyComplaint(ctx: AppContext, userId: number, complaintId: string, text: string): Promise<TComplaint> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await findOwnComplaintRow(tx, userId, complaintId, true);
    if (!row) throw new AppError('COMPLAINT_NOT_FOUND', `complaint ${complaintId} is not player ${userId}'s`);
    const [counted] = await tx.query<{ count: bigint }>(
      'select count(*) as count from complaint_messages where complaint_id = $1',
      [row.id],
    );
    if (Number(counted!.count) >= MAX_THREAD_MESSAGES)
      throw new AppError('RATE_LIMITED', `complaint ${row.id} has ${MAX_THREAD_MESSAGES} messages`);
    await tx.query(`insert into complaint_messages (complaint_id, author, body, created_at) values ($1, 'player', $2, $3)`, [
      row.id,
      text,
      now,
    ]);
    const [updated] = await tx.query<ComplaintRow>(
      `update complaints c set status = 'open', closed_at = null, updated_at = $2 where c.id = $1 returning ${COMPLAINT_COLUMNS}`,
      [row.id, now],
    );
    return (await complaintViews(tx, [updated!]))[0]!;
  });
}
