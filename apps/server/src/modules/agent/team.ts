import assert from 'node:assert/strict';
import type { Queryable } from '../../platform/db/db.ts';

/** How deep a team goes: depth 1 is a direct subordinate, depth 6 the last level that counts. */
export const TEAM_DEPTH = 6;

/**
 * Puts a newly registered player into the teams of their inviter and the inviter's own inviters, up
 * to six levels (closure table `agent_team`, decision 0012), in the registration's transaction. One
 * statement: the inviter at depth 1, and each of the inviter's ancestors one level deeper than they
 * are to the inviter. The new player has no subordinates yet, so nothing below them moves; and since
 * a code belongs to a player who already exists, the new player cannot be anyone's ancestor: no loop.
 */
export async function joinInviterTeam(tx: Queryable, userId: number, inviterId: number): Promise<void> {
  assert(userId !== inviterId, 'a player cannot invite themselves');
  await tx.query(
    `insert into agent_team (ancestor_id, descendant_id, depth)
     select $2::integer, $1::integer, 1::smallint
     union all
     select ancestor_id, $1::integer, (depth + 1)::smallint
     from agent_team
     where descendant_id = $2::integer and depth < $3::smallint`,
    [userId, inviterId, TEAM_DEPTH],
  );
}
