import { formatMoney } from '@mayur/contracts';
import { PLAYER_SEARCH_LIMIT, type TPlayerSummary } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';

// Finding a player from what a caller or a ticket gives: an id, a mobile number, an e-mail address or
// a promotion code, each an exact match on a unique, indexed column (no scans of the player table).

type Row = {
  id: number;
  mobile: string | null;
  email: string | null;
  nick_name: string;
  promotion_code: string;
  created_at: Date;
};

export async function searchPlayers(db: Queryable, query: string): Promise<{ list: TPlayerSummary[] }> {
  const text = query.trim();
  const asId = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const rows = await db.query<Row>(
    `select id, mobile, email, nick_name, promotion_code, created_at from users
     where id = $1 or mobile = $2 or email = lower($2) or promotion_code = upper($2)
     order by id limit $3`,
    [asId, text, PLAYER_SEARCH_LIMIT],
  );
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
