-- Agent statistics and levels (decision 0014). The report for a period reads per-day rollups of each
-- agent's team, never the ledger: the clock leader recomputes a day's rows for every agent at once.

-- One row per agent, Kolkata day and scope ('direct' = depth 1, 'team' = depths 1–6) in which a member
-- registered, recharged, withdrew or bet. Days without a row had nothing.
create table agent_team_days (
  agent_id integer not null references users (id),
  day date not null,
  scope text not null check (scope in ('direct', 'team')),
  -- Members who placed at least one bet that day.
  active_members integer not null check (active_members >= 0),
  registers integer not null check (registers >= 0),
  -- Members whose first ever completed recharge fell on that day.
  first_depositors integer not null check (first_depositors >= 0),
  deposit_paise bigint not null check (deposit_paise >= 0),
  deposit_count integer not null check (deposit_count >= 0),
  withdraw_paise bigint not null check (withdraw_paise >= 0),
  withdraw_count integer not null check (withdraw_count >= 0),
  -- The commission's base: stakes that left the members' cash and did not come back.
  valid_bet_paise bigint not null check (valid_bet_paise >= 0),
  bet_count integer not null check (bet_count >= 0),
  -- Stakes placed, fees included, and the fees alone.
  bet_paise bigint not null check (bet_paise >= 0),
  fee_paise bigint not null check (fee_paise >= 0),
  primary key (agent_id, scope, day)
);
-- A day is rewritten whole: its rows are found by day.
create index agent_team_days_by_day_idx on agent_team_days (day);

-- When each day's rows were last computed; final once computed after the day ended.
create table agent_stats_days (
  day date primary key,
  refreshed_at timestamptz not null,
  is_final boolean not null
);

-- The cash the members of each agent's team hold, as of the last refresh.
create table agent_team_balances (
  agent_id integer primary key references users (id),
  direct_balance_paise bigint not null,
  team_balance_paise bigint not null,
  refreshed_at timestamptz not null
);

-- Levels above L0 are found among few players: the daily level pass reads them by this index.
create index users_with_level_idx on users (id) where level > 0;

-- The day's recharges and paid withdrawals are read by time, a player's earlier recharges by account,
-- and a paid withdrawal's player through the hold it settles (same reference). Only those transfers
-- are indexed.
create index ledger_transfers_money_in_out_by_time_idx on ledger_transfers (reason, created_at)
  where reason in ('deposit', 'withdrawal_paid');
create index ledger_transfers_deposits_by_account_idx on ledger_transfers (credit_account_id, created_at)
  where reason = 'deposit';
create index ledger_transfers_holds_by_reference_idx on ledger_transfers (reference)
  where reason = 'withdrawal_hold';
