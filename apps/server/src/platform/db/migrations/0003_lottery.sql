-- Provably fair hash chains (DESIGN.md §6) and the lottery rounds and bets that use them.

create table fair_chains (
  id integer generated always as identity primary key,
  game text not null check (game in ('wingo', 'bitgame', 'crash')),
  room text not null,
  -- s_0, published before the chain's first round; anyone checks sha256^k(s_k) = s_0.
  commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
  salt text not null,
  chain_length integer not null check (chain_length > 0),
  edge integer not null default 1,
  -- The next chain index a round will take; indices are handed out in order, never reused.
  next_index integer not null default 1,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index fair_chains_active_room_idx on fair_chains (room) where is_active;

create table fair_seeds (
  chain_id integer not null references fair_chains (id),
  chain_index integer not null,
  seed text not null check (seed ~ '^[0-9a-f]{64}$'),
  primary key (chain_id, chain_index)
);

create table lottery_rounds (
  id bigint generated always as identity primary key,
  room text not null,
  period text not null unique,
  starts_at timestamptz not null,
  betting_closes_at timestamptz not null,
  ends_at timestamptz not null,
  chain_id integer not null references fair_chains (id),
  chain_index integer not null,
  state text not null default 'open' check (state in ('open', 'closed', 'settled')),
  result_number smallint,
  result_digits smallint[],
  settled_at timestamptz,
  constraint lottery_rounds_chain_index_unique unique (chain_id, chain_index)
);
create index lottery_rounds_room_idx on lottery_rounds (room, starts_at desc);
create index lottery_rounds_unsettled_idx on lottery_rounds (ends_at) where state <> 'settled';

create table lottery_bets (
  id bigint generated always as identity primary key,
  round_id bigint not null references lottery_rounds (id),
  user_id integer not null references users (id),
  selection text not null,
  contract_money_paise bigint not null check (contract_money_paise > 0),
  contract_count integer not null check (contract_count > 0),
  stake_paise bigint not null check (stake_paise > 0),
  fee_paise bigint not null check (fee_paise >= 0),
  delivery_paise bigint not null check (delivery_paise > 0),
  -- No status or win columns: both follow from the round's result and the rules (one source, in
  -- packages/contracts), so settling a round never rewrites its bets.
  created_at timestamptz not null default now(),
  constraint lottery_bets_amounts check (stake_paise = contract_money_paise * contract_count and delivery_paise = stake_paise - fee_paise)
);
create index lottery_bets_round_idx on lottery_bets (round_id);
create index lottery_bets_user_idx on lottery_bets (user_id, id desc);
