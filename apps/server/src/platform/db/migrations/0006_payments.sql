-- Payments (DESIGN.md §8): payout accounts, recharge (deposit) orders, withdrawals and the provider
-- events that moved them. Money moves only through the ledger; these rows say why and to whom.

create table payout_accounts (
  id serial primary key,
  user_id integer not null references users (id),
  kind text not null check (kind in ('bank', 'upi', 'usdt')),
  actual_name text,
  ifsc_code text,
  bank_name text,
  bank_account text,
  upi_account text,
  email text,
  mobile text,
  usdt_address text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Removed accounts stay for the withdrawals that point at them.
  deleted_at timestamptz,
  check (kind <> 'bank' or (ifsc_code is not null and bank_name is not null and bank_account is not null)),
  check (kind <> 'upi' or upi_account is not null),
  check (kind <> 'usdt' or usdt_address is not null)
);
create index payout_accounts_user_idx on payout_accounts (user_id) where deleted_at is null;
-- The same destination once per player (a second "add" of it is refused, not duplicated).
create unique index payout_accounts_destination_idx on payout_accounts (
  user_id, kind, coalesce(ifsc_code, ''), coalesce(bank_account, upi_account, usdt_address)
) where deleted_at is null;

-- USDT deposit addresses are derived at consecutive indexes of the operator's xpub, each used once.
create sequence usdt_address_index_seq minvalue 0 start 0;

create table deposit_orders (
  id bigserial primary key,
  order_no text not null unique,
  user_id integer not null references users (id),
  method text not null check (method in ('upi', 'bank', 'usdt')),
  provider text not null,
  amount_paise bigint not null check (amount_paise > 0),
  -- USDT orders: the exact amount expected, in millionths of a USDT (the token has 6 decimals).
  usdt_micro bigint check (usdt_micro > 0),
  deposit_address text unique,
  address_index integer unique,
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
  transfer_submitted_at timestamptz,
  -- Why an order is not completed although a payment was seen (amount mismatch, ...), for operators.
  note text,
  -- Where the player pays (the gateway's page), returned again to a retried request.
  pay_url text,
  request_key text,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  completed_at timestamptz,
  check ((method = 'usdt') = (usdt_micro is not null and deposit_address is not null and address_index is not null))
);
create index deposit_orders_user_idx on deposit_orders (user_id, id desc);
create index deposit_orders_pending_idx on deposit_orders (method, id) where status = 'pending';
create unique index deposit_orders_request_key_idx on deposit_orders (user_id, request_key) where request_key is not null;

create table withdrawals (
  id bigserial primary key,
  withdraw_no text not null unique,
  user_id integer not null references users (id),
  payout_account_id integer not null references payout_accounts (id),
  account_kind text not null check (account_kind in ('bank', 'upi', 'usdt')),
  -- The destination as it was when the player asked: later edits of the account do not redirect it.
  destination jsonb not null,
  provider text not null,
  amount_paise bigint not null check (amount_paise > 0),
  usdt_micro bigint check (usdt_micro > 0),
  -- pending: funds held, awaiting an operator; paying: payout sent, awaiting the provider's result;
  -- paid: funds left to the provider; rejected (by an operator) or failed (by the provider): funds returned.
  status text not null default 'pending' check (status in ('pending', 'paying', 'paid', 'rejected', 'failed')),
  reason text,
  payout_reference text,
  decided_by text,
  decided_at timestamptz,
  request_key text,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index withdrawals_user_idx on withdrawals (user_id, id desc);
create index withdrawals_open_idx on withdrawals (id) where status in ('pending', 'paying');
create unique index withdrawals_request_key_idx on withdrawals (user_id, request_key) where request_key is not null;

-- Every authenticated message from a provider (callback, watcher sighting, operator confirmation),
-- keyed by the provider's own event id: the row is written in the same transaction as any credit, so
-- a replayed or duplicated event finds its id taken and moves nothing.
create table payment_events (
  id bigserial primary key,
  provider text not null,
  event_id text not null,
  kind text not null check (kind in ('deposit', 'payout')),
  reference text not null,
  outcome text not null,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  unique (provider, event_id)
);
