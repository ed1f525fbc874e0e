-- The subordinates list (`/starAgent/findDownByPage`). Paging and counting the team already use the
-- closure table's own indexes (primary key (ancestor_id, descendant_id) and (ancestor_id, depth,
-- descendant_id), both read backwards for newest first), and a member's own team size is an
-- index-only count on the primary key. What was missing:

-- A member's contribution is the sum of the agent's commission lines for that member over every day;
-- the primary key starts with the day, so without this each row of a page would read all the agent's lines.
create index agent_commission_members_by_member_idx on agent_commission_members (agent_id, member_id) include (amount_paise);

-- A registration-date filter on a big team starts from the members who registered in the period
-- and probes the team's primary key, instead of reading every member of the team.
create index users_created_at_idx on users (created_at) include (id);
