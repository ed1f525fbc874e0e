import { COMPLAINT_STATUSES, type ComplaintStatus } from '@mayur/rules/complaint-rules';
import { COMPLAINT_HANDLERS, type TAdminComplaintSummary, type TAdminComplaintThread } from '@mayur/contracts/admin';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { Refusal } from '../../platform/refusal.ts';
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

/** What the inbox and the thread both show of a complaint: whose it is, its kind and status, what it is about. */
function complaintHeading(row: ComplaintRow) {
  return {
    id: row.id,
    number: row.complaint_no,
    playerId: row.user_id,
    type: row.type,
    status: row.status,
    reference: row.reference_kind && row.reference_id ? { kind: row.reference_kind, id: row.reference_id } : null,
  };
}

type Assignee = { id: string; name: string };

/** Who is handling each of these complaints (the queue itself is the CLI's, which knows no assignees). */
async function assigneesOf(db: Queryable, complaintIds: string[]): Promise<Map<string, Assignee>> {
  if (complaintIds.length === 0) return new Map();
  const rows = await db.query<{ complaint_id: string; id: string; name: string }>(
    `select c.id::text as complaint_id, o.id::text as id, o.name
     from complaints c join operators o on o.id = c.assigned_operator_id where c.id = any($1::bigint[])`,
    [complaintIds],
  );
  return new Map(rows.map((row) => [row.complaint_id, { id: row.id, name: row.name }]));
}

export async function listComplaints(db: Db, filter: string, assigneeFilter: string, operatorId: string) {
  const queue = await findComplaintQueue(db, statusesOf(filter));
  const assignees = await assigneesOf(
    db,
    queue.map((row) => row.id),
  );
  const rows = queue.filter((row) => {
    const assignee = assignees.get(row.id);
    if (assigneeFilter === 'me') return assignee?.id === operatorId;
    if (assigneeFilter === 'nobody') return assignee === undefined;
    return true;
  });
  const list: TAdminComplaintSummary[] = rows.map((row) => ({
    ...complaintHeading(row),
    messageCount: Number(row.message_count),
    attachmentCount: Number(row.attachment_count),
    assignee: assignees.get(row.id) ?? null,
    createTime: row.created_at.toISOString(),
    updateTime: row.updated_at.toISOString(),
  }));
  return { list, isTruncated: queue.length === QUEUE_LIMIT };
}

export async function complaintThread(db: Db, complaint: string): Promise<TAdminComplaintThread> {
  const { row, view, operatorOf } = await findComplaintThread(db, complaint);
  return {
    ...complaintHeading(row),
    assignee: (await assigneesOf(db, [row.id])).get(row.id) ?? null,
    createTime: view.createTime,
    updateTime: view.updateTime,
    messages: view.messages.map((message) => ({
      ...message,
      operatorName: message.author === 'operator' ? (operatorOf.get(message.id) ?? null) : null,
    })),
  };
}

async function statusOf(db: Queryable, complaint: string) {
  const row = await findComplaintByReference(db, complaint);
  const assignee = (await assigneesOf(db, [row.id])).get(row.id) ?? null;
  return { number: row.complaint_no, playerId: row.user_id, status: row.status, assignee };
}

type ComplaintStatusView = Awaited<ReturnType<typeof statusOf>>;
/** Runs inside the change's transaction with the complaint before and after it (the audit row is written there). */
export type WithinComplaintChange = (tx: Queryable, before: ComplaintStatusView, after: ComplaintStatusView) => Promise<void>;

/** Assigns a complaint to an active owner or support operator, or to nobody. */
export async function assignComplaint(db: Db, complaint: string, operatorId: string | undefined, within: WithinComplaintChange) {
  return db.transaction(async (tx) => {
    const row = await findComplaintByReference(tx, complaint, true);
    const before = await statusOf(tx, row.id);
    if (operatorId !== undefined) {
      const [assignee] = await tx.query<{ role: string; is_disabled: boolean }>(
        'select role, is_disabled from operators where id = $1::bigint',
        [operatorId],
      );
      if (!assignee || assignee.is_disabled || !(COMPLAINT_HANDLERS as readonly string[]).includes(assignee.role))
        throw new Refusal('ASSIGNEE_INVALID', `operator ${operatorId} cannot handle complaints`);
    }
    await tx.query('update complaints set assigned_operator_id = $2::bigint where id = $1::bigint', [row.id, operatorId ?? null]);
    const after = await statusOf(tx, row.id);
    await within(tx, before, after);
    return { before, after };
  });
}

/** The complaint's status read in the change's transaction, before (under its row lock) and after. */
function auditedWithin(complaint: string, within: WithinComplaintChange) {
  let before: ComplaintStatusView | undefined;
  let after: ComplaintStatusView | undefined;
  return {
    beforeChange: async (tx: Queryable) => {
      before = await statusOf(tx, complaint);
    },
    afterChange: async (tx: Queryable) => {
      after = await statusOf(tx, complaint);
      await within(tx, before!, after);
    },
    result: () => ({ before: before!, after: after! }),
  };
}

export async function replyToComplaint(
  db: Db,
  complaint: string,
  operatorName: string,
  text: string,
  now: Date,
  within: WithinComplaintChange,
) {
  const audited = auditedWithin(complaint, within);
  await answerComplaint(db, complaint, operatorName, text, now, audited);
  return audited.result();
}

export async function closeComplaintAsOperator(
  db: Db,
  complaint: string,
  operatorName: string,
  text: string | undefined,
  now: Date,
  within: WithinComplaintChange,
) {
  const audited = auditedWithin(complaint, within);
  await closeComplaint(db, complaint, operatorName, text, now, audited);
  return audited.result();
}
