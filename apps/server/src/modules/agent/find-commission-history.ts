import { type TCommissionHistoryRequest, type TCommissionHistoryResponse } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../platform/db/db.ts';

type LineRow = { day: string; depth: number; members: number; bets_paise: bigint; rate_bp: number; amount_paise: bigint };

/**
 * The session player's own commission (`/agent/commissionHistory`), newest day first: per day the
 * amount paid and one line per depth. Read from the breakdown stored with the transfers (decision
 * 0013), so a day's amount is the transfer's amount. Only rows where the player is the agent are read.
 */
export async function findCommissionHistory(
  db: Queryable,
  userId: number,
  paging: TCommissionHistoryRequest,
): Promise<TCommissionHistoryResponse> {
  const [counted] = await db.query<{ total: number }>(
    'select count(distinct day)::integer as total from agent_commission_members where agent_id = $1',
    [userId],
  );
  const lines = await db.query<LineRow>(
    `with days as (
       select distinct day from agent_commission_members where agent_id = $1
       order by day desc limit $2 offset $3
     )
     select to_char(m.day, 'YYYY-MM-DD') as day, m.depth, count(*)::integer as members,
            sum(m.bets_paise)::bigint as bets_paise, m.rate_bp, sum(m.amount_paise)::bigint as amount_paise
     from agent_commission_members m join days d on d.day = m.day
     where m.agent_id = $1
     group by m.day, m.depth, m.rate_bp
     order by m.day desc, m.depth, m.rate_bp`,
    [userId, paging.pageSize, (paging.pageNum - 1) * paging.pageSize],
  );
  const days = new Map<string, { amountPaise: bigint; lines: TCommissionHistoryResponse['list'][number]['lines'] }>();
  for (const line of lines) {
    const entry = days.get(line.day) ?? { amountPaise: 0n, lines: [] };
    entry.amountPaise += line.amount_paise;
    entry.lines.push({
      depth: line.depth,
      members: line.members,
      bets: formatMoney(line.bets_paise),
      rateBp: line.rate_bp,
      amount: formatMoney(line.amount_paise),
    });
    days.set(line.day, entry);
  }
  return {
    list: [...days].map(([day, entry]) => ({ day, amount: formatMoney(entry.amountPaise), lines: entry.lines })),
    total: counted?.total ?? 0,
    pageNum: paging.pageNum,
    pageSize: paging.pageSize,
  };
}
