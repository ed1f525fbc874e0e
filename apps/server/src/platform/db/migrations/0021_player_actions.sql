-- The back office's player actions (decision 0023): freezing a player, and balance
-- adjustments that wait for a second operator above the configured amount (maker-checker).

-- A frozen player cannot sign in (a session is opened only for a player who is not frozen, under a
-- share lock of this row that the freeze's update waits for) and their sessions are revoked when frozen.
alter table users
  add column frozen_at timestamptz,
  add column frozen_reason text;

-- An operator's request to move money into or out of a player's cash against the house adjustments
-- account. Signed amount: above 0 credits the player, below 0 debits them. Posted once: the transfer's
-- idempotency key is the request's id, and only the guarded pending → posted update posts it.
create table balance_adjustments (
  id bigint generated always as identity primary key,
  user_id integer not null references users (id),
  amount_paise bigint not null check (amount_paise <> 0),
  reason text not null check (char_length(reason) between 1 and 500),
  status text not null default 'pending' check (status in ('pending', 'posted', 'rejected')),
  requested_by bigint not null references operators (id),
  created_at timestamptz not null,
  decided_by bigint references operators (id),
  decided_at timestamptz,
  transfer_id bigint,
  check ((status = 'pending') = (decided_at is null))
);
create index balance_adjustments_user_idx on balance_adjustments (user_id, id desc);
create index balance_adjustments_pending_idx on balance_adjustments (id) where status = 'pending';

-- Each approving operator once; the maker's own request is its first approval, so the maker can never
-- be the checker (the primary key refuses the same operator twice).
create table adjustment_approvals (
  adjustment_id bigint not null references balance_adjustments (id),
  operator_id bigint not null references operators (id),
  created_at timestamptz not null,
  primary key (adjustment_id, operator_id)
);
