import { COMPLAINT_STATUSES, type ComplaintStatus } from '@mayur/contracts';
import type { TAdminComplaintSummary, TAdminComplaintThread } from '@mayur/contracts/admin';
import type { Db } from '../../platform/db/db.ts';
import {
  answerComplaint,
  closeComplaint,
  findComplaintByReference,
  findComplaintQueue,
  findComplaintThread,
  QUEUE_LIMIT,
} from '../complaints/operator-complaints.ts';
import type { ComplaintRow } from '../complaints/complaint-view.ts';

// The complaints inbox of the console: the same use cases as the CLI's complaint:* commands
// (modules/complaints/operator-complaints.ts), shaped for the screen. Answers are signed with the
// operator's name, as the CLI signs them with its actor.

function statusesOf(filter: string): ComplaintStatus[] {
  if (filter === 'waiting') return ['open'];
  if (filter === 'all') return [...COMPLAINT_STATUSES];
  return [filter as ComplaintStatus];
}

function reference(row: ComplaintRow) {
  return row.reference_kind && row.reference_id ? { kind: row.reference_kind, id: row.reference_id } : null;
}

export async function listComplaints(db: Db, filter: string) {
  const rows = await findComplaintQueue(db, statusesOf(filter));
  const list: TAdminComplaintSummary[] = rows.map((row) => ({
    id: row.id,
    number: row.complaint_no,
    playerId: row.user_id,
    type: row.type,
    status: row.status,
    reference: reference(row),
    messageCount: Number(row.message_count),
    attachmentCount: Number(row.attachment_count),
    createTime: row.created_at.toISOString(),
    updateTime: row.updated_at.toISOString(),
  }));
  return { list, isTruncated: rows.length === QUEUE_LIMIT };
}

export async function complaintThread(db: Db, complaint: string): Promise<TAdminComplaintThread> {
  const { row, view, operatorOf } = await findComplaintThread(db, complaint);
  return {
    id: row.id,
    number: row.complaint_no,
    playerId: row.user_id,
    type: row.type,
    status: row.status,
    reference: reference(row),
    createTime: view.createTime,
    updateTime: view.updateTime,
    messages: view.messages.map((message) => ({
      ...message,
      operatorName: message.author === 'operator' ? (operatorOf.get(message.id) ?? null) : null,
    })),
  };
}

async function statusOf(db: Db, complaint: string) {
  const row = await findComplaintByReference(db, complaint);
  return { number: row.complaint_no, playerId: row.user_id, status: row.status };
}

export async function replyToComplaint(db: Db, complaint: string, operatorName: string, text: string, now: Date) {
  const before = await statusOf(db, complaint);
  await answerComplaint(db, complaint, operatorName, text, now);
  return { before, after: await statusOf(db, complaint) };
}

export async function closeComplaintAsOperator(
  db: Db,
  complaint: string,
  operatorName: string,
  text: string | undefined,
  now: Date,
) {
  const before = await statusOf(db, complaint);
  await closeComplaint(db, complaint, operatorName, text, now);
  return { before, after: await statusOf(db, complaint) };
}
