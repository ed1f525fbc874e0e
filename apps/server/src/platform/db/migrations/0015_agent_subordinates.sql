-- The subordinates list (`/starAgent/findDownByPage`, decision in docs/ARCHITECTURE.md § agent). Paging
-- and counting the team use the closure table's own indexes (primary key (ancestor_id, descendant_id)
-- and (ancestor_id, depth, descendant_id), both read backwards for newest first), and a member's own
-- team size is an index-only count of their own closure rows. What was missing:

-- A member's contribution is the sum of the agent's commission lines for that member over every day;
-- the primary key starts with the day, so without this each row of a page would read all the agent's lines.
create index agent_commission_members_by_member_idx on agent_commission_members (agent_id, member_id) include (amount_paise);

-- A registration-date filter must not look up every team member's user row: the member's registration
-- time is kept on each closure row, so the filtered count is an index-only range count and a page of
-- an old period starts from that period. It never changes (a player registers once).
alter table agent_team add column descendant_registered_at timestamptz;
update agent_team t set descendant_registered_at = u.created_at from users u where u.id = t.descendant_id;
alter table agent_team alter column descendant_registered_at set not null;

-- Registration inserts the closure rows without this column (agent/team.ts); the row's member already
-- exists, so the time is copied from them here. A writer that sets the column itself is left alone.
create function agent_team_fill_registered_at() returns trigger language plpgsql as $$
begin
  if new.descendant_registered_at is null then
    select created_at into new.descendant_registered_at from users where id = new.descendant_id;
  end if;
  return new;
end;
$$;
create trigger agent_team_registered_at before insert on agent_team
  for each row execute function agent_team_fill_registered_at();

create index agent_team_by_ancestor_registered_idx on agent_team (ancestor_id, descendant_registered_at) include (depth, descendant_id);
