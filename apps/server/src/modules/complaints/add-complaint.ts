import { createHash } from 'node:crypto';
import { type TAddComplaintRequest, type TComplaint } from '@mayur/contracts';
import {
  COMPLAINT_INTERVAL_MS,
  detectScreenshot,
  screenshotProblem,
  type ComplaintType,
  type DetectedImage,
} from '@mayur/rules/complaint-rules';
import { kolkataDayDigits } from '@mayur/rules/kolkata-day';
import type { AppContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findOwnRecordId } from './complaint-reference.ts';
import { COMPLAINT_COLUMNS, complaintViews, type ComplaintRow } from './complaint-view.ts';

type CheckedScreenshot = { bytes: Buffer; image: DetectedImage; sha256: string };

/** Every screenshot decoded and read from its bytes before anything is written; the first bad one refuses the whole filing. */
function checkScreenshots(screenshots: TAddComplaintRequest['screenshots']): CheckedScreenshot[] {
  return (screenshots ?? []).map((screenshot) => {
    const bytes = Buffer.from(screenshot.data, 'base64');
    const problem = screenshotProblem(screenshot.type, bytes);
    const image = detectScreenshot(bytes);
    if (problem || !image)
      throw new AppError(problem ?? 'SCREENSHOT_TYPE_INVALID', `screenshot declared ${screenshot.type}, ${bytes.length} bytes`, {
        field: 'screenshots',
      });
    return { bytes, image, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}

/** "C" + the Kolkata day + the id, at least six digits: "C20261124000042". */
export function complaintNumber(id: bigint, now: Date): string {
  return `C${kolkataDayDigits(now.getTime())}${id.toString().padStart(6, '0')}`;
}

async function findByRequestKey(tx: Queryable, userId: number, requestKey: string): Promise<ComplaintRow | null> {
  const rows = await tx.query<ComplaintRow>(
    `select ${COMPLAINT_COLUMNS} from complaints c where c.user_id = $1 and c.request_key = $2`,
    [userId, requestKey],
  );
  return rows[0] ?? null;
}

/**
 * Claims this minute's filing for the player: one conditional upsert, so of parallel filings on any
 * number of nodes one wins and the others wait on its row lock and then find the minute taken. It runs
 * in the filing's transaction, so a filing refused for another reason does not spend the minute.
 */
async function claimFilingMinute(tx: Queryable, userId: number, now: Date): Promise<boolean> {
  const claimed = await tx.query(
    `insert into complaint_filing_claims (user_id, last_filed_at) values ($1, $2)
     on conflict (user_id) do update set last_filed_at = excluded.last_filed_at
     where complaint_filing_claims.last_filed_at <= $3
     returning user_id`,
    [userId, now, new Date(now.getTime() - COMPLAINT_INTERVAL_MS)],
  );
  return claimed.length === 1;
}

/**
 * `/user/addComplaints`: files a complaint or suggestion with its first message and screenshots in one
 * transaction (nothing is written when any part is refused). A retry with the same request key gets the
 * complaint it already filed.
 */
export async function addComplaint(ctx: AppContext, userId: number, input: TAddComplaintRequest): Promise<TComplaint> {
  const screenshots = checkScreenshots(input.screenshots);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (input.requestKey) {
      const filed = await findByRequestKey(tx, userId, input.requestKey);
      if (filed) return (await complaintViews(tx, [filed]))[0]!;
    }
    let referenceId: string | null = null;
    if (input.referenceKind && input.referenceId) {
      referenceId = await findOwnRecordId(tx, userId, input.referenceKind, input.referenceId);
      if (!referenceId)
        throw new AppError('COMPLAINT_REFERENCE_NOT_FOUND', `${input.referenceKind} ${input.referenceId}`, {
          field: 'referenceId',
        });
    }
    if (!(await claimFilingMinute(tx, userId, now)))
      throw new AppError('WAIT_ONE_MINUTE', `player ${userId} filed less than a minute ago`);

    const [next] = await tx.query<{ id: bigint }>(`select nextval(pg_get_serial_sequence('complaints', 'id')) as id`);
    const id = next!.id;
    const [row] = await tx.query<ComplaintRow>(
      `insert into complaints as c (id, complaint_no, user_id, type, status, reference_kind, reference_id, request_key, created_at, updated_at)
       values ($1, $2, $3, $4, 'open', $5, $6, $7, $8, $8)
       returning ${COMPLAINT_COLUMNS}`,
      [
        id,
        complaintNumber(id, now),
        userId,
        input.type satisfies ComplaintType,
        referenceId ? input.referenceKind : null,
        referenceId,
        input.requestKey ?? null,
        now,
      ],
    );
    const [message] = await tx.query<{ id: string }>(
      `insert into complaint_messages (complaint_id, author, body, created_at) values ($1, 'player', $2, $3) returning id::text as id`,
      [id, input.text, now],
    );
    for (const screenshot of screenshots) {
      await tx.query(
        `insert into complaint_attachments (complaint_id, message_id, media_type, byte_size, width, height, sha256, content)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          message!.id,
          screenshot.image.type,
          screenshot.bytes.length,
          screenshot.image.width,
          screenshot.image.height,
          screenshot.sha256,
          screenshot.bytes,
        ],
      );
    }
    return (await complaintViews(tx, [row!]))[0]!;
  });
}
