import type { Queryable } from '../../platform/db/db.ts';

// The daily commission runs, newest first, for the back office: each paid Kolkata day with how many
// agents earned, how many member lines it paid and the total (decision 0013's tables, read-only).

export type CommissionRun = { day: string; paidAt: Date; agents: number; lines: number; totalPaise: bigint };

export async function findCommissionRuns(db: Queryable, limit: number): Promise<CommissionRun[]> {
  const rows = await db.query<{ day: string; paid_at: Date; agents: number; lines: number; total: bigint }>(
    `select d.day::text as day, d.paid_at, count(distinct m.agent_id)::int as agents, count(m.member_id)::int as lines,
            coalesce(sum(m.amount_paise), 0)::bigint as total
     from agent_commission_days d left join agent_commission_members m on m.day = d.day
     group by d.day, d.paid_at order by d.day desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({ day: row.day, paidAt: row.paid_at, agents: row.agents, lines: row.lines, totalPaise: row.total }));
}
