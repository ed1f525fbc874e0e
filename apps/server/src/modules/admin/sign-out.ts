import type { Queryable } from '../../platform/db/db.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { revokeOperatorSession } from './operator-sessions.ts';

/** An operator signs out: their session ends, and its audit row is written in the same transaction. */
export async function signOut(
  bo: BackOfficeContext,
  sessionId: string,
  recordWithin: (tx: Queryable) => Promise<void>,
): Promise<null> {
  await bo.app.db.transaction(async (tx) => {
    await revokeOperatorSession(tx, sessionId, bo.app.clock.now());
    await recordWithin(tx);
  });
  return null;
}
