import assert from 'node:assert/strict';
import { isCalendarDay } from '@mayur/rules/agent-periods';
import type { Db } from '../../platform/db/db.ts';
import { fillCashBalances, fillPlayerActivity } from '../wallet/player-activity.ts';
import { VALID_BETS_REFUND_GRACE_MS } from '../wallet/valid-bets.ts';
import { DAY_MS, kolkataDayStartMs } from '@mayur/rules/kolkata-day';

/** Every refresh takes this lock for its transaction: two refreshes never rewrite the same rows at once. */
const STATS_LOCK_KEY = 7_215_014;

/**
 * Recomputes one Kolkata day of every agent's team statistics, in one transaction (decision 0014):
 * fills every player's activity of the day from the wallet, replaces the day's rows of
 * `agent_team_days` with the members' figures summed per agent for depth 1 ('direct') and depths 1–6
 * ('team'), marks the day refreshed (final once the day is over and the refunds of its stakes no longer
 * count in it, 00:55 the next day) and replaces the snapshot of the
 * teams' cash balances. A few statements whatever the team sizes; safe to run again at any time.
 * Returns how many agents have figures that day.
 */
export async function refreshTeamStats(db: Db, day: string): Promise<{ agents: number }> {
  assert(isCalendarDay(day), `a Kolkata day is YYYY-MM-DD, got "${day}"`);
  const from = new Date(kolkataDayStartMs(day));
  const to = new Date(from.getTime() + DAY_MS);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [STATS_LOCK_KEY]);
    await fillPlayerActivity(tx, from, to);
    await tx.query('delete from agent_team_days where day = $1::date', [day]);
    const [written] = await tx.query<{ agents: number }>(
      `with registered as (
         select id as user_id from users where created_at >= $2 and created_at < $3
       ), members as (
         select coalesce(a.user_id, r.user_id) as user_id,
                r.user_id is not null as is_registered,
                coalesce(a.is_first_deposit, false) as is_first_deposit,
                coalesce(a.deposit_paise, 0) as deposit_paise, coalesce(a.deposit_count, 0) as deposit_count,
                coalesce(a.withdraw_paise, 0) as withdraw_paise, coalesce(a.withdraw_count, 0) as withdraw_count,
                coalesce(a.valid_bet_paise, 0) as valid_bet_paise, coalesce(a.bet_count, 0) as bet_count,
                coalesce(a.bet_paise, 0) as bet_paise, coalesce(a.fee_paise, 0) as fee_paise
         from player_activity a
         full join registered r on r.user_id = a.user_id
       ), written as (
         insert into agent_team_days (agent_id, day, scope, active_members, registers, first_depositors,
                                      deposit_paise, deposit_count, withdraw_paise, withdraw_count,
                                      valid_bet_paise, bet_count, bet_paise, fee_paise)
         select t.ancestor_id, $1::date, s.scope,
                count(*) filter (where m.bet_count > 0), count(*) filter (where m.is_registered),
                count(*) filter (where m.is_first_deposit),
                sum(m.deposit_paise), sum(m.deposit_count), sum(m.withdraw_paise), sum(m.withdraw_count),
                sum(m.valid_bet_paise), sum(m.bet_count), sum(m.bet_paise), sum(m.fee_paise)
         from members m
         join agent_team t on t.descendant_id = m.user_id
         join (values ('direct', 1), ('team', 6)) as s (scope, deepest) on t.depth <= s.deepest
         group by t.ancestor_id, s.scope
         returning agent_id
       )
       select count(distinct agent_id)::integer as agents from written`,
      [day, from, to],
    );
    // A day's figures are final once the refunds of its stakes stop counting in it (valid-bets.ts).
    await tx.query(
      `insert into agent_stats_days (day, refreshed_at, is_final) values ($1::date, now(), now() >= $2)
       on conflict (day) do update set refreshed_at = excluded.refreshed_at, is_final = excluded.is_final`,
      [day, new Date(to.getTime() + VALID_BETS_REFUND_GRACE_MS)],
    );
    await fillCashBalances(tx);
    await tx.query('delete from agent_team_balances');
    await tx.query(
      `insert into agent_team_balances (agent_id, direct_balance_paise, team_balance_paise, refreshed_at)
       select t.ancestor_id, coalesce(sum(b.balance_paise) filter (where t.depth = 1), 0), sum(b.balance_paise), now()
       from agent_team t
       join cash_balances b on b.user_id = t.descendant_id
       group by t.ancestor_id`,
    );
    return { agents: written?.agents ?? 0 };
  });
}

/**
 * Refreshes, oldest first and at most `maxDays` of them, the days from `firstDay` to `lastDay` whose
 * figures are not final yet (never computed, or computed before the day ended). Returns those days.
 */
export async function refreshUnfinishedDays(db: Db, firstDay: string, lastDay: string, maxDays: number): Promise<string[]> {
  const days = await db.query<{ day: string }>(
    `select to_char(d, 'YYYY-MM-DD') as day
     from generate_series($1::date, $2::date, interval '1 day') as d
     where not exists (select 1 from agent_stats_days s where s.day = d::date and s.is_final)
     order by d
     limit $3`,
    [firstDay, lastDay, maxDays],
  );
  for (const { day } of days) await refreshTeamStats(db, day);
  return days.map(({ day }) => day);
}
