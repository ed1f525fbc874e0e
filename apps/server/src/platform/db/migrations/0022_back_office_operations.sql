-- The back office's operations (decision 0023 "Part B").

-- Maker-checker for every way of approving a withdrawal: the console's operators and the CLI's actors
-- approve through the same table, told apart by `approver` (`operator:<id>` or `cli:<actor>`); an
-- operator's row keeps its operator_id, a CLI actor's has none.
alter table withdrawal_approvals add column approver text;
update withdrawal_approvals set approver = 'operator:' || operator_id::text;
alter table withdrawal_approvals alter column approver set not null;
alter table withdrawal_approvals drop constraint withdrawal_approvals_pkey;
alter table withdrawal_approvals alter column operator_id drop not null;
alter table withdrawal_approvals add primary key (withdrawal_id, approver);

-- The gateway's events of one recharge order, read by the console before a USDT confirmation.
create index payment_events_reference_idx on payment_events (reference, id);

-- Gift codes an operator disables stop redeeming at once; the redemptions so far stay.
alter table gift_codes add column disabled_at timestamptz;
alter table gift_codes add column disabled_by text;
create index gift_codes_created_idx on gift_codes (created_at desc);

-- Content operators edit in the console. A notice is for one language of the player app or, with no
-- locale, for every language; it shows between its optional start and end.
alter table notices add column locale text;
alter table notices add column starts_at timestamptz;
alter table notices add column ends_at timestamptz;
alter table notices add column updated_by text;
alter table notices add column updated_at timestamptz;

-- Support contacts set in the console, per language ('*': every language); where none is set the
-- server's SUPPORT_* settings answer, as before.
create table support_contacts (
  id bigint generated always as identity primary key,
  locale text not null,
  kind text not null check (kind in ('telegram', 'whatsapp', 'email')),
  label text not null,
  url text not null,
  updated_by text not null,
  updated_at timestamptz not null,
  unique (locale, kind)
);
