import type { Queryable } from '../../platform/db/db.ts';
import { openPlayerAccounts } from './accounts.ts';

/**
 * The cash account of each player, in one query for a whole batch (a group commit of many players
 * cannot afford a lookup per player). A player without accounts gets them opened, as
 * `findPlayerAccounts` does; that only happens to players created before accounts existed.
 */
export async function findCashAccountIds(db: Queryable, userIds: readonly number[]): Promise<Map<number, number>> {
  const distinct = [...new Set(userIds)];
  const rows = await db.query<{ user_id: number; id: number }>(
    "select user_id, id from ledger_accounts where user_id = any($1::integer[]) and kind = 'cash'",
    [distinct],
  );
  const ids = new Map(rows.map((row) => [row.user_id, row.id]));
  for (const userId of distinct) {
    if (!ids.has(userId)) ids.set(userId, (await openPlayerAccounts(db, userId)).cashAccountId);
  }
  return ids;
}
