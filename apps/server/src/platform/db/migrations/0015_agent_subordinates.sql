-- The subordinates list (`/starAgent/findDownByPage`, decision in docs/ARCHITECTURE.md § agent). Paging
-- and counting the team use the closure table's own indexes (primary key (ancestor_id, descendant_id)
-- and (ancestor_id, depth, descendant_id), both read backwards for newest first), and a member's own
-- team size is an index-only count of their own closure rows. What was missing:

-- A member's contribution is the sum of the agent's commission lines for that member over every day;
-- the primary key starts with the day, so without this each row of a page would read all the agent's lines.
create index agent_commission_members_by_member_idx on agent_commission_members (agent_id, member_id) include (amount_paise);

-- A registration-date filter must not look up every team member's user row: the member's registration
-- time is kept on each closure row, so the filtered count is an index-only range count and a page of
-- an old period starts from that period. It never changes (a player registers once); registration
-- writes it with the rows (agent/team.ts).
alter table agent_team add column descendant_registered_at timestamptz;
update agent_team t set descendant_registered_at = u.created_at from users u where u.id = t.descendant_id;
alter table agent_team alter column descendant_registered_at set not null;

create index agent_team_by_ancestor_registered_idx on agent_team (ancestor_id, descendant_registered_at) include (depth, descendant_id);
