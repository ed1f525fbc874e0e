import { isRowId } from '@mayur/rules/field-rules';
import type { ComplaintStatus, ScreenshotType } from '@mayur/rules/complaint-rules';
import type { Db, Queryable, Tx } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { COMPLAINT_COLUMNS, complaintViews, type ComplaintRow } from './complaint-view.ts';

// The operators' side of complaints, until a back office exists: the CLI lists the queue, answers and
// closes (modules/operator-cli/complaint-commands.ts, audited there like every operator command).

export const OPERATOR_TEXT_MAX_LENGTH = 4000;
export const QUEUE_LIMIT = 200;

export type OperatorComplaint = ComplaintRow & { message_count: bigint; attachment_count: bigint };

/** A complaint by its number ("C20261124000042") or id, with the player it belongs to. */
export async function findComplaintByReference(db: Queryable, reference: string, isLocked = false): Promise<ComplaintRow> {
  const trimmed = reference.trim().toUpperCase();
  const byNumber = /^C\d{14,}$/.test(trimmed);
  if (!byNumber && !isRowId(trimmed))
    throw new AppError('COMPLAINT_NOT_FOUND', `"${reference}" is neither a complaint number nor an id`);
  const rows = await db.query<ComplaintRow>(
    `select ${COMPLAINT_COLUMNS} from complaints c where ${byNumber ? 'c.complaint_no = $1' : 'c.id = $1::bigint'}${isLocked ? ' for update' : ''}`,
    [trimmed],
  );
  if (!rows[0]) throw new AppError('COMPLAINT_NOT_FOUND', `no complaint "${reference}"`);
  return rows[0];
}

/** The queue: complaints of the given statuses, oldest first, with their thread and screenshot counts. */
export async function findComplaintQueue(db: Queryable, statuses: readonly ComplaintStatus[]): Promise<OperatorComplaint[]> {
  return db.query<OperatorComplaint>(
    `select ${COMPLAINT_COLUMNS},
            (select count(*) from complaint_messages m where m.complaint_id = c.id) as message_count,
            (select count(*) from complaint_attachments a where a.complaint_id = c.id) as attachment_count
     from complaints c where c.status = any($1) order by c.id limit $2`,
    [statuses, QUEUE_LIMIT],
  );
}

/** One complaint with its whole thread, as the player sees it, plus who answered each operator message. */
export async function findComplaintThread(db: Queryable, reference: string) {
  const row = await findComplaintByReference(db, reference);
  const [view] = await complaintViews(db, [row]);
  const operators = await db.query<{ id: string; operator_name: string }>(
    `select id::text as id, operator_name from complaint_messages where complaint_id = $1 and author = 'operator'`,
    [row.id],
  );
  return { row, view: view!, operatorOf: new Map(operators.map((message) => [message.id, message.operator_name])) };
}

function operatorText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > OPERATOR_TEXT_MAX_LENGTH)
    throw new AppError('COMPLAINT_TEXT_INVALID', `an answer must be 1 to ${OPERATOR_TEXT_MAX_LENGTH} characters`);
  return trimmed;
}

async function addOperatorMessage(tx: Tx, complaintId: string, operator: string, text: string, now: Date) {
  await tx.query(
    `insert into complaint_messages (complaint_id, author, operator_name, body, created_at) values ($1, 'operator', $2, $3, $4)`,
    [complaintId, operator, text, now],
  );
}

/** An operator's answer: the complaint is answered (whatever it was) and shows as unread to its player. */
/**
 * What a caller runs inside an operator's change of a complaint, in its transaction: before it (once
 * the complaint's row is locked) and after it. The console writes its audit row there.
 */
export type ComplaintChangeHooks = {
  beforeChange(tx: Queryable): Promise<void>;
  afterChange(tx: Queryable): Promise<void>;
};

const NO_HOOKS: ComplaintChangeHooks = { beforeChange: async () => undefined, afterChange: async () => undefined };

export async function answerComplaint(
  db: Db,
  reference: string,
  operator: string,
  text: string,
  now: Date,
  hooks: ComplaintChangeHooks = NO_HOOKS,
) {
  const body = operatorText(text);
  return db.transaction(async (tx) => {
    const row = await findComplaintByReference(tx, reference, true);
    await hooks.beforeChange(tx);
    await addOperatorMessage(tx, row.id, operator, body, now);
    await tx.query(
      `update complaints set status = 'answered', closed_at = null, has_unread_answer = true, updated_at = $2 where id = $1`,
      [row.id, now],
    );
    await hooks.afterChange(tx);
    return { number: row.complaint_no, userId: row.user_id, previousStatus: row.status };
  });
}

/**
 * An operator closes a complaint, optionally with a last message. Closing one already closed changes
 * nothing and says so; the player can still open it again by replying.
 */
export async function closeComplaint(
  db: Db,
  reference: string,
  operator: string,
  text: string | undefined,
  now: Date,
  hooks: ComplaintChangeHooks = NO_HOOKS,
) {
  const body = text === undefined ? null : operatorText(text);
  return db.transaction(async (tx) => {
    const row = await findComplaintByReference(tx, reference, true);
    await hooks.beforeChange(tx);
    if (row.status !== 'closed') {
      if (body) await addOperatorMessage(tx, row.id, operator, body, now);
      await tx.query(
        `update complaints set status = 'closed', closed_at = $2, has_unread_answer = true, updated_at = $2 where id = $1`,
        [row.id, now],
      );
    }
    await hooks.afterChange(tx);
    return { number: row.complaint_no, userId: row.user_id, wasClosed: row.status === 'closed' };
  });
}

export type OperatorScreenshot = {
  complaintNumber: string;
  userId: number;
  type: ScreenshotType;
  width: number;
  height: number;
  sha256: string;
  bytes: Uint8Array;
};

/** A screenshot for an operator to look at: its bytes with the type and checksum recorded when it was filed. */
export async function findScreenshotForOperator(db: Queryable, screenshotId: string): Promise<OperatorScreenshot> {
  const rows = isRowId(screenshotId.trim())
    ? await db.query<{
        complaint_no: string;
        user_id: number;
        media_type: ScreenshotType;
        width: number;
        height: number;
        sha256: string;
        content: Uint8Array;
      }>(
        `select c.complaint_no, c.user_id, a.media_type, a.width, a.height, a.sha256, a.content
         from complaint_attachments a join complaints c on c.id = a.complaint_id where a.id = $1::bigint`,
        [screenshotId.trim()],
      )
    : [];
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', `no screenshot "${screenshotId}"`);
  return {
    complaintNumber: row.complaint_no,
    userId: row.user_id,
    type: row.media_type,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    bytes: row.content,
  };
}
