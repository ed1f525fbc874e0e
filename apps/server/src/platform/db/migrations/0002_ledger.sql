-- The double-entry ledger (DESIGN.md §4). Amounts are integer paise. A transfer moves an amount > 0
-- from one account to another; it writes two entries (one negative, one positive) that carry each
-- account's balance after the move. Transfers and entries are immutable.

create table ledger_accounts (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('cash', 'bonus', 'house')),
  user_id integer references users (id),
  -- House accounts have a purpose: promotions, adjustments, fees, withdrawal-holds, room:<id>, clearing:<provider>.
  purpose text,
  balance_paise bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner check (
    (kind = 'house' and user_id is null and purpose is not null) or (kind <> 'house' and user_id is not null and purpose is null)
  ),
  -- The backstop: a player account can never go below zero, whatever the code above it does.
  constraint ledger_accounts_player_not_negative check (kind = 'house' or balance_paise >= 0)
);
create unique index ledger_accounts_player_idx on ledger_accounts (user_id, kind) where user_id is not null;
create unique index ledger_accounts_purpose_idx on ledger_accounts (purpose) where purpose is not null;

create table ledger_transfers (
  id bigint generated always as identity primary key,
  idempotency_key text not null unique,
  debit_account_id integer not null references ledger_accounts (id),
  credit_account_id integer not null references ledger_accounts (id),
  amount_paise bigint not null check (amount_paise > 0),
  reason text not null,
  -- What caused the move: a gift code, an order, a bet, a round, an operator action.
  reference text,
  created_at timestamptz not null default now(),
  constraint ledger_transfers_distinct_accounts check (debit_account_id <> credit_account_id)
);

create table ledger_entries (
  transfer_id bigint not null references ledger_transfers (id),
  account_id integer not null references ledger_accounts (id),
  amount_paise bigint not null check (amount_paise <> 0),
  balance_after_paise bigint not null,
  created_at timestamptz not null default now(),
  primary key (transfer_id, account_id)
);
create index ledger_entries_account_idx on ledger_entries (account_id, transfer_id desc);

create function ledger_forbid_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are immutable (% on %)', tg_op, tg_table_name;
end;
$$;
create trigger ledger_transfers_immutable before update or delete on ledger_transfers
  for each row execute function ledger_forbid_change();
create trigger ledger_entries_immutable before update or delete on ledger_entries
  for each row execute function ledger_forbid_change();

insert into ledger_accounts (kind, purpose) values
  ('house', 'promotions'),
  ('house', 'adjustments'),
  ('house', 'fees'),
  ('house', 'withdrawal-holds');

-- Every existing player gets a cash and a bonus account; new players get them at registration.
insert into ledger_accounts (kind, user_id) select 'cash', id from users;
insert into ledger_accounts (kind, user_id) select 'bonus', id from users;

create table gift_codes (
  code text primary key,
  amount_paise bigint not null check (amount_paise > 0),
  target text not null check (target in ('bonus', 'cash')),
  max_uses integer not null check (max_uses > 0),
  used_count integer not null default 0,
  expires_at timestamptz,
  created_by text not null,
  created_at timestamptz not null default now(),
  constraint gift_codes_within_uses check (used_count between 0 and max_uses)
);

create table gift_redemptions (
  code text not null references gift_codes (code),
  user_id integer not null references users (id),
  transfer_id bigint not null references ledger_transfers (id),
  created_at timestamptz not null default now(),
  primary key (code, user_id)
);

-- Append-only record of every operator action: who, when, what.
create table admin_audit_log (
  id bigint generated always as identity primary key,
  actor text not null,
  action text not null,
  details jsonb not null,
  outcome text not null,
  created_at timestamptz not null default now()
);
create trigger admin_audit_log_immutable before update or delete on admin_audit_log
  for each row execute function ledger_forbid_change();
