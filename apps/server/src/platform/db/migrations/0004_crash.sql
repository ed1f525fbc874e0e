-- Crash rounds (Aviator rooms and the Crash rocket) and their bets. The crash point is fixed from the
-- room's chain and stored before betting opens; it is served to no one until the round has crashed.

create table crash_rounds (
  id bigint generated always as identity primary key,
  room text not null,
  chain_id integer not null references fair_chains (id),
  chain_index integer not null,
  crash_point_x100 integer not null check (crash_point_x100 between 100 and 1000000),
  betting_starts_at timestamptz not null,
  flying_at timestamptz not null,
  crash_at timestamptz not null,
  next_round_at timestamptz not null,
  state text not null default 'live' check (state in ('live', 'settled')),
  -- True when the round ran past its crash with no game clock alive (the published refund rule applied).
  was_interrupted boolean not null default false,
  settled_at timestamptz,
  constraint crash_rounds_chain_index_unique unique (chain_id, chain_index)
);
create unique index crash_rounds_one_live_idx on crash_rounds (room) where state = 'live';
create index crash_rounds_room_idx on crash_rounds (room, id desc);

create table crash_bets (
  id bigint generated always as identity primary key,
  room text not null,
  -- Null while queued: a bet received in flight waits for the next round.
  round_id bigint references crash_rounds (id),
  user_id integer not null references users (id),
  slot smallint not null check (slot in (1, 2)),
  stake_paise bigint not null check (stake_paise > 0),
  auto_cashout_x100 integer check (auto_cashout_x100 between 101 and 1000000),
  status text not null check (status in ('queued', 'open', 'cashed_out', 'lost', 'refunded', 'cancelled')),
  cashout_x100 integer,
  win_paise bigint not null default 0 check (win_paise >= 0),
  created_at timestamptz not null default now(),
  constraint crash_bets_cashout_state check ((status = 'cashed_out') = (cashout_x100 is not null))
);
create index crash_bets_round_idx on crash_bets (round_id) where round_id is not null;
create index crash_bets_user_idx on crash_bets (user_id, id desc);
-- One live bet per player, room and slot: queued or in a round not yet finished.
create unique index crash_bets_one_per_slot_idx on crash_bets (room, user_id, slot) where status in ('queued', 'open');
