import { formatMoney } from '@mayur/rules/money';
import { PLAYER_SEARCH_LIMIT, type TPlayerSummary } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';

// Finding a player from what a caller or a ticket gives: an id, a mobile number, an e-mail address or
// a promotion code, each an exact match on a unique, indexed column (no scans of the player table).
// The console's search and the CLI's --user both find players here.

export type FoundPlayer = {
  id: number;
  mobile: string | null;
  email: string | null;
  nick_name: string;
  promotion_code: string;
  created_at: Date;
};

/** Every player the text names, by id order (one text can be one player's id and another's promotion code). */
export async function findPlayersByReference(db: Queryable, reference: string, limit: number): Promise<FoundPlayer[]> {
  const text = reference.trim();
  const asId = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return db.query<FoundPlayer>(
    `select id, mobile, email, nick_name, promotion_code, created_at from users
     where id = $1 or mobile = $2 or email = lower($2) or promotion_code = upper($2)
     order by id limit $3`,
    [asId, text, limit],
  );
}

/** The one player a command names: the player with this id when there is one, else the first the text names. */
export async function findPlayerByReference(db: Queryable, reference: string): Promise<FoundPlayer | null> {
  const found = await findPlayersByReference(db, reference, PLAYER_SEARCH_LIMIT);
  return found.find((player) => String(player.id) === reference.trim()) ?? found[0] ?? null;
}

export async function searchPlayers(db: Queryable, query: string): Promise<{ list: TPlayerSummary[] }> {
  const rows = await findPlayersByReference(db, query, PLAYER_SEARCH_LIMIT);
  const list: TPlayerSummary[] = [];
  for (const row of rows) {
    const balances = await findPlayerBalances(db, row.id);
    list.push({
      id: row.id,
      mobile: row.mobile,
      email: row.email,
      nickName: row.nick_name,
      promotionCode: row.promotion_code,
      cash: formatMoney(balances.cashPaise),
      bonus: formatMoney(balances.bonusPaise),
      createTime: row.created_at.toISOString(),
    });
  }
  return { list };
}
