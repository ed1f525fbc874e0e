import type { TComplaint } from '@mayur/contracts';
import type { ComplaintReferenceKind, ComplaintStatus, ComplaintType, ScreenshotType } from '@mayur/rules/complaint-rules';
import type { Queryable } from '../../platform/db/db.ts';

// What a player sees of their complaints: the row, its thread and its screenshots' descriptions (never
// the bytes, which have their own authenticated route), built for a set of complaints in three queries.

export type ComplaintRow = {
  id: string;
  complaint_no: string;
  user_id: number;
  type: ComplaintType;
  status: ComplaintStatus;
  reference_kind: ComplaintReferenceKind | null;
  reference_id: string | null;
  has_unread_answer: boolean;
  created_at: Date;
  updated_at: Date;
};

type MessageRow = { id: string; complaint_id: string; author: 'player' | 'operator'; body: string; created_at: Date };
type AttachmentRow = {
  id: string;
  message_id: string;
  media_type: ScreenshotType;
  byte_size: number;
  width: number;
  height: number;
};

export const COMPLAINT_COLUMNS =
  'c.id::text as id, c.complaint_no, c.user_id, c.type, c.status, c.reference_kind, c.reference_id, c.has_unread_answer, c.created_at, c.updated_at';

// Map.groupBy arrives with Node 21; the server runs on Node 20.
function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The complaints of these rows with their threads, in the rows' order. */
export async function complaintViews(db: Queryable, rows: ComplaintRow[]): Promise<TComplaint[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const messages = await db.query<MessageRow>(
    `select m.id::text as id, m.complaint_id::text as complaint_id, m.author, m.body, m.created_at
     from complaint_messages m where m.complaint_id = any($1::bigint[]) order by m.complaint_id, m.id`,
    [ids],
  );
  const attachments = await db.query<AttachmentRow>(
    `select a.id::text as id, a.message_id::text as message_id, a.media_type, a.byte_size, a.width, a.height
     from complaint_attachments a where a.complaint_id = any($1::bigint[]) order by a.id`,
    [ids],
  );
  const attachmentsByMessage = groupBy(attachments, (row) => row.message_id);
  const messagesByComplaint = groupBy(messages, (row) => row.complaint_id);
  return rows.map((row) => ({
    id: row.id,
    number: row.complaint_no,
    type: row.type,
    status: row.status,
    reference: row.reference_kind && row.reference_id ? { kind: row.reference_kind, id: row.reference_id } : null,
    hasUnreadAnswer: row.has_unread_answer,
    createTime: row.created_at.toISOString(),
    updateTime: row.updated_at.toISOString(),
    messages: (messagesByComplaint.get(row.id) ?? []).map((message) => ({
      id: message.id,
      author: message.author,
      text: message.body,
      createTime: message.created_at.toISOString(),
      attachments: (attachmentsByMessage.get(message.id) ?? []).map((attachment) => ({
        id: attachment.id,
        type: attachment.media_type,
        sizeBytes: attachment.byte_size,
        width: attachment.width,
        height: attachment.height,
      })),
    })),
  }));
}

/** The player's own complaint by id, or null: another player's id is the same as one that never existed. */
export async function findOwnComplaintRow(
  db: Queryable,
  userId: number,
  complaintId: string,
  isLocked = false,
): Promise<ComplaintRow | null> {
  const rows = await db.query<ComplaintRow>(
    `select ${COMPLAINT_COLUMNS} from complaints c where c.id = $1 and c.user_id = $2${isLocked ? ' for update' : ''}`,
    [complaintId, userId],
  );
  return rows[0] ?? null;
}

export async function countUnreadAnswers(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ count: bigint }>(
    'select count(*) as count from complaints where user_id = $1 and has_unread_answer',
    [userId],
  );
  return Number(rows[0]?.count ?? 0n);
}
