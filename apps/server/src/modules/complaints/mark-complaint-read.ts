import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { countUnreadAnswers } from './complaint-view.ts';

/** `/user/readComplaint`: the player has opened the thread, so its answers no longer count on the badge. */
export async function markComplaintRead(db: Queryable, userId: number, complaintId: string): Promise<{ unreadCount: number }> {
  const rows = await db.query('update complaints set has_unread_answer = false where id = $1 and user_id = $2 returning id', [
    complaintId,
    userId,
  ]);
  if (rows.length === 0) throw new AppError('COMPLAINT_NOT_FOUND', `complaint ${complaintId} is not player ${userId}'s`);
  return { unreadCount: await countUnreadAnswers(db, userId) };
}
