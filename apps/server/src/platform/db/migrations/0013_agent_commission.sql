-- The daily agent commission (decision 0013). A finished Kolkata day is marked in agent_commission_days
-- in the same transaction that stores its breakdown and posts its transfers, so a day is paid once.
create table agent_commission_days (
  day date primary key,
  paid_at timestamptz not null default now()
);

-- One line per agent, day and team member who earned something: the member's valid bets that day,
-- the rate chosen by the agent's level and the member's depth, and floor(bets × rate / 10000).
-- The primary key serves per-agent reads (the commission history); the day index serves the posting.
create table agent_commission_members (
  agent_id integer not null references users (id),
  day date not null references agent_commission_days (day),
  member_id integer not null references users (id),
  depth smallint not null check (depth between 1 and 6),
  bets_paise bigint not null check (bets_paise > 0),
  rate_bp integer not null check (rate_bp between 0 and 10000),
  amount_paise bigint not null check (amount_paise > 0),
  primary key (agent_id, day, member_id),
  constraint agent_commission_members_not_self check (agent_id <> member_id)
);
create index agent_commission_members_day_idx on agent_commission_members (day, agent_id);

-- A day's stakes and refunds are read by time: only the transfers that move stakes are indexed.
create index ledger_transfers_stakes_by_time_idx on ledger_transfers (created_at) where reason in ('bet', 'fee', 'refund');
