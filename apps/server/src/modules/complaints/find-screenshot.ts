import { isRowId } from '@mayur/rules/field-rules';
import { SCREENSHOT_EXTENSIONS, type ScreenshotType } from '@mayur/rules/complaint-rules';
import type { Queryable } from '../../platform/db/db.ts';

export type Screenshot = { type: ScreenshotType; bytes: Uint8Array; fileName: string };

/** A screenshot of one of the player's own complaints, or null: another player's is as unknown as none. */
export async function findScreenshot(db: Queryable, userId: number, attachmentId: string): Promise<Screenshot | null> {
  if (!isRowId(attachmentId)) return null;
  const rows = await db.query<{ media_type: ScreenshotType; content: Uint8Array }>(
    `select a.media_type, a.content from complaint_attachments a join complaints c on c.id = a.complaint_id
     where a.id = $1::bigint and c.user_id = $2`,
    [attachmentId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    type: row.media_type,
    bytes: row.content,
    fileName: `screenshot-${attachmentId}.${SCREENSHOT_EXTENSIONS[row.media_type]}`,
  };
}
