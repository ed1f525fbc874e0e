import { AGENT_LEVEL_WINDOW_DAYS } from '@mayur/rules/agent-periods';
import type { AgentLevelThreshold } from './agent-env.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { shiftDay } from '@mayur/rules/kolkata-day';

export type LevelChanges = { raised: number; lowered: number };

/**
 * Sets every agent's level (`users.level`) from their team, as of the Kolkata day `day` (decision
 * 0014): the highest level whose every threshold the team meets — members now (depths 1–6), and the
 * team's completed recharges and valid bets over the AGENT_LEVEL_WINDOW_DAYS days ending with `day`,
 * read from the statistics' rollups (`agent_team_days`, which must hold those days final). L0 asks
 * nothing. Levels go down as well as up. One statement for every player who has a team or a level.
 */
export async function decideAgentLevels(
  tx: Queryable,
  thresholds: readonly AgentLevelThreshold[],
  day: string,
): Promise<LevelChanges> {
  const firstDay = shiftDay(day, 1 - AGENT_LEVEL_WINDOW_DAYS);
  const [changes] = await tx.query<{ raised: number; lowered: number }>(
    `with sizes as (
       select ancestor_id as agent_id, count(*)::integer as members from agent_team group by ancestor_id
     ), windows as (
       select agent_id, sum(deposit_paise)::bigint as deposit_paise, sum(valid_bet_paise)::bigint as bet_paise
       from agent_team_days
       where scope = 'team' and day between $1::date and $2::date
       group by agent_id
     ), candidates as (
       select agent_id as id from sizes
       union
       select id from users where level > 0
     ), decided as (
       select c.id, u.level as old_level, coalesce((
         select max(r.level) from unnest($3::integer[], $4::integer[], $5::bigint[], $6::bigint[])
           as r (level, min_members, min_deposit_paise, min_bet_paise)
         where coalesce(s.members, 0) >= r.min_members
           and coalesce(w.deposit_paise, 0) >= r.min_deposit_paise
           and coalesce(w.bet_paise, 0) >= r.min_bet_paise
       ), 0) as level
       from candidates c
       join users u on u.id = c.id
       left join sizes s on s.agent_id = c.id
       left join windows w on w.agent_id = c.id
     ), changed as (
       update users u set level = d.level
       from decided d
       where u.id = d.id and u.level <> d.level
       returning d.level > d.old_level as is_raise
     )
     select count(*) filter (where is_raise)::integer as raised, count(*) filter (where not is_raise)::integer as lowered
     from changed`,
    [
      firstDay,
      day,
      thresholds.map((_, index) => index + 1),
      thresholds.map((rule) => rule.minTeamSize),
      thresholds.map((rule) => rule.minTeamDepositsPaise.toString()),
      thresholds.map((rule) => rule.minTeamBetsPaise.toString()),
    ],
  );
  return { raised: changes?.raised ?? 0, lowered: changes?.lowered ?? 0 };
}
