import type { TComplaint } from '@mayur/contracts';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { complaintViews, findOwnComplaintRow } from './complaint-view.ts';

/** `/user/findComplaint`: one of the player's own complaints with its thread. */
export async function findComplaint(db: Queryable, userId: number, complaintId: string): Promise<TComplaint> {
  const row = await findOwnComplaintRow(db, userId, complaintId);
  if (!row) throw new AppError('COMPLAINT_NOT_FOUND', `complaint ${complaintId} is not player ${userId}'s`);
  return (await complaintViews(db, [row]))[0]!;
}
