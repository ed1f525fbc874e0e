-- The agent programme's team (decision 0012). `agent_team` is a closure table of the referral tree:
-- one row for every player and each of their inviters up to six levels up (depth 1 = the direct
-- inviter), so any team aggregate is one indexed query, never a recursive walk per request.
-- Registration writes a new player's rows in its own transaction; this migration fills them once
-- for the players who registered before it.
create table agent_team (
  ancestor_id integer not null references users (id),
  descendant_id integer not null references users (id),
  depth smallint not null check (depth between 1 and 6),
  primary key (ancestor_id, descendant_id),
  constraint agent_team_no_self check (ancestor_id <> descendant_id)
);
create index agent_team_by_ancestor_depth_idx on agent_team (ancestor_id, depth, descendant_id);
create index agent_team_by_descendant_idx on agent_team (descendant_id);

-- The invite bonus paid for a subordinate, at most once (the primary key is the claim).
create table agent_invite_bonuses (
  invitee_id integer primary key references users (id),
  inviter_id integer not null references users (id),
  amount_paise bigint not null check (amount_paise > 0),
  paid_at timestamptz not null
);
create index agent_invite_bonuses_by_inviter_idx on agent_invite_bonuses (inviter_id);

-- An inviter always registered before the player they invited (a code belongs to an existing player),
-- so identities decrease along every chain and no chain can loop. Refuse to go on if that is untrue:
-- a person must look at such data before any money is paid over it.
do $$
begin
  if exists (select 1 from users u where u.inviter_id is not null and u.inviter_id >= u.id) then
    raise exception 'agent_team: a player has an inviter who registered after them (or is their own inviter)';
  end if;
end
$$;

insert into agent_team (ancestor_id, descendant_id, depth)
with recursive chain (ancestor_id, descendant_id, depth) as (
  select inviter_id, id, 1 from users where inviter_id is not null
  union all
  select u.inviter_id, c.descendant_id, c.depth + 1
  from chain c
  join users u on u.id = c.ancestor_id
  where u.inviter_id is not null and c.depth < 6
)
select ancestor_id, descendant_id, depth::smallint from chain;
