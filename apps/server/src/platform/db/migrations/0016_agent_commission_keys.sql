-- The commission lines' foreign keys (decision 0013, measured in decision 0014): a day's lines are
-- written in one insert of some 500,000 rows for 100,000 active members, and three single-column
-- foreign keys (agent, member, day) cost three lookups per line, 4.4 s of the day's 10.5 s
-- (`npm run bench -- agent`). One composite key states the real rule instead: a line exists only for
-- an agent and a member of their team (which also implies both users exist). The day's claim row is
-- written by the same transaction just before its lines, so that key guarded nothing the code does not.
alter table agent_commission_members
  drop constraint agent_commission_members_agent_id_fkey,
  drop constraint agent_commission_members_member_id_fkey,
  drop constraint agent_commission_members_day_fkey;
alter table agent_commission_members
  add constraint agent_commission_members_in_team foreign key (agent_id, member_id) references agent_team (ancestor_id, descendant_id);
