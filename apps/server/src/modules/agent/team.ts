import assert from 'node:assert/strict';
import { AGENT_TEAM_MAX_DEPTH } from '@mayur/rules/agent-periods';
import type { Queryable } from '../../platform/db/db.ts';

/**
 * Puts a newly registered player into the teams of their inviter and the inviter's own inviters, up
 * to six levels (closure table `agent_team`, decision 0012), in the registration's transaction, each
 * row carrying the new player's registration time for the subordinates list's date filter. One
 * statement: the inviter at depth 1, and each of the inviter's ancestors one level deeper than they
 * are to the inviter. The new player has no subordinates yet, so nothing below them moves; and since
 * a code belongs to a player who already exists, the new player cannot be anyone's ancestor: no loop.
 */
export async function joinInviterTeam(tx: Queryable, userId: number, inviterId: number): Promise<void> {
  assert(userId !== inviterId, 'a player cannot invite themselves');
  await tx.query(
    `with member as (select created_at from users where id = $1::integer)
     insert into agent_team (ancestor_id, descendant_id, depth, descendant_registered_at)
     select $2::integer, $1::integer, 1::smallint, member.created_at from member
     union all
     select t.ancestor_id, $1::integer, (t.depth + 1)::smallint, member.created_at
     from agent_team t, member
     where t.descendant_id = $2::integer and t.depth < $3::smallint`,
    [userId, inviterId, AGENT_TEAM_MAX_DEPTH],
  );
}
