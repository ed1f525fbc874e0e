-- Third-party games through a seamless wallet (decision 0026): the operator's catalogue of
-- outside studios' games, the game sessions a launch opens, and every wallet call a studio made that
-- moved (or closed) something, unique by the studio's own transaction id.

create table provider_games (
  provider_id text not null,
  code text not null check (code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  -- {"en-US": "Mines", "hi": "माइन्स", ...}: the player's locale, else en-US.
  names jsonb not null,
  image_url text,
  category text not null check (category ~ '^[a-z0-9-]{1,32}$'),
  is_enabled boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (provider_id, code)
);

create index provider_games_listing on provider_games (sort_order, provider_id, code) where is_enabled;

-- One row per launch. The launch token (single use, minutes) and the session token (what the studio
-- sends on every call after authenticate) are stored as SHA-256 hashes only.
create table provider_game_sessions (
  id bigint generated always as identity primary key,
  provider_id text not null,
  game_code text not null,
  user_id integer not null references users (id),
  launch_token_hash text not null unique,
  launch_expires_at timestamptz not null,
  launched_at timestamptz,
  session_token_hash text unique,
  session_expires_at timestamptz,
  created_at timestamptz not null,
  foreign key (provider_id, game_code) references provider_games (provider_id, code),
  check ((launched_at is null) = (session_token_hash is null))
);

create index provider_game_sessions_user on provider_game_sessions (user_id, created_at);

-- Every accepted debit, credit and rollback. A rollback of a debit we never saw is kept, with a
-- `never_received` row in the debit's place (its transaction id claimed), so that the late debit is
-- refused by the same unique index that makes replays harmless. `transfer_key` is the ledger transfer
-- that moved the money, null when nothing moved.
create table provider_transactions (
  id bigint generated always as identity primary key,
  provider_id text not null,
  transaction_id text not null,
  kind text not null check (kind in ('debit', 'credit', 'rollback')),
  user_id integer not null references users (id),
  session_id bigint references provider_game_sessions (id),
  game_code text,
  round_id text not null,
  amount_paise bigint not null check (amount_paise >= 0),
  -- For a rollback: the debit it cancels.
  reference_transaction_id text,
  transfer_key text,
  -- debit: accepted | rolled_back | never_received; credit: accepted;
  -- rollback: accepted | unknown_reference | no_effect (its debit was already rolled back).
  state text not null check (state in ('accepted', 'rolled_back', 'never_received', 'unknown_reference', 'no_effect')),
  created_at timestamptz not null,
  unique (provider_id, transaction_id)
);

create index provider_transactions_round on provider_transactions (provider_id, round_id);
create index provider_transactions_day on provider_transactions (provider_id, created_at);
