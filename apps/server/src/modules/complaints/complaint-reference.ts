import { isRowId } from '@mayur/rules/field-rules';
import type { ComplaintReferenceKind } from '@mayur/rules/complaint-rules';
import type { Queryable } from '../../platform/db/db.ts';

// A complaint may point at one of the player's own records. Each kind is read from its own table,
// scoped to the player, so another player's order or bet is exactly as unknown as one never made.

const OWN_RECORD_SQL: Record<ComplaintReferenceKind, string> = {
  recharge: 'select order_no as id from deposit_orders where order_no = $1 and user_id = $2',
  withdrawal: 'select withdraw_no as id from withdrawals where withdraw_no = $1 and user_id = $2',
  lottery: 'select id::text as id from lottery_bets where id = $1::bigint and user_id = $2',
  crash: 'select id::text as id from crash_bets where id = $1::bigint and user_id = $2',
};

/** The record's id as stored when it is the player's own, else null. */
export async function findOwnRecordId(
  db: Queryable,
  userId: number,
  kind: ComplaintReferenceKind,
  id: string,
): Promise<string | null> {
  const isBet = kind === 'lottery' || kind === 'crash';
  if (isBet ? !isRowId(id) : !/^[A-Za-z0-9]{1,40}$/.test(id)) return null;
  const rows = await db.query<{ id: string }>(OWN_RECORD_SQL[kind], [isBet ? id : id.toUpperCase(), userId]);
  return rows[0]?.id ?? null;
}
