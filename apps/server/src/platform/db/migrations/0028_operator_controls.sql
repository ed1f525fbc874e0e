-- No operator moves money to a player alone above the second-approval amount, by any path, and no
-- owner makes the second person themselves (decision 0029).

-- Money an operator moved on their own approval alone, per India-time day: per operator
-- ('operator:<id>', 'cli:<actor>') and per player ('player:<id>'). An approval that would take either
-- past ADMIN_SECOND_APPROVAL_ABOVE_RUPEES waits for a second approver instead.
create table single_approval_allowances (
  scope text not null,
  day date not null,
  used_paise bigint not null check (used_paise >= 0),
  primary key (scope, day)
);

-- Adjustments asked for from the command line have no operator account: the approver key says who
-- asked and who approved ('operator:<id>' or 'cli:<actor>'), as withdrawal approvals already do.
-- A command's retry key makes running it again return the same request.
alter table balance_adjustments alter column requested_by drop not null;
alter table balance_adjustments add column requested_by_key text;
update balance_adjustments set requested_by_key = 'operator:' || requested_by::text;
alter table balance_adjustments alter column requested_by_key set not null;
alter table balance_adjustments add column request_key text unique;
alter table balance_adjustments add column decided_by_key text;
update balance_adjustments set decided_by_key = 'operator:' || decided_by::text where decided_by is not null;
-- Whether it was posted on its maker's approval alone (counted in the allowances above).
alter table balance_adjustments add column is_single_approval boolean not null default false;

alter table adjustment_approvals add column approver text;
update adjustment_approvals set approver = 'operator:' || operator_id::text;
alter table adjustment_approvals alter column approver set not null;
alter table adjustment_approvals drop constraint adjustment_approvals_pkey;
alter table adjustment_approvals alter column operator_id drop not null;
alter table adjustment_approvals add primary key (adjustment_id, approver);
create index balance_adjustments_player_makers_idx on balance_adjustments (user_id) where status = 'posted' and amount_paise > 0;

-- Gift codes to cash, and to bonus above a small total value, need a second approver before anybody
-- can redeem them: until then they are 'pending' (redeemed like a code that does not exist).
alter table gift_codes add column maker_key text;
update gift_codes g set maker_key = 'operator:' || o.id::text from operators o where g.created_by = 'operator:' || o.login;
update gift_codes set maker_key = 'cli:' || created_by where maker_key is null;
alter table gift_codes alter column maker_key set not null;
alter table gift_codes add column approval_status text not null default 'approved'
  check (approval_status in ('pending', 'approved', 'rejected'));
alter table gift_codes add column approved_by_key text;
alter table gift_codes add column approved_at timestamptz;
create index gift_codes_pending_idx on gift_codes (created_at) where approval_status = 'pending';
create index gift_redemptions_user_idx on gift_redemptions (user_id);

-- The one-time password of a new or reset operator goes to their own e-mail, never to the owner who
-- made or reset them; who reset whom and when, for the cooling period in which neither approves the
-- other's requests.
alter table operators add column email text;
alter table operators add column reset_by bigint references operators (id);
alter table operators add column reset_at timestamptz;

-- Changes one owner may ask for but not make alone: resetting or disabling another owner, and an agent
-- programme beyond the configured bounds. A second, different owner approves or rejects each.
create table owner_requests (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('operator-reset', 'operator-disable', 'agent-programme')),
  subject_operator_id bigint references operators (id),
  payload jsonb not null default '{}',
  requested_by bigint not null references operators (id),
  requested_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_by bigint references operators (id),
  decided_at timestamptz,
  check ((status = 'pending') = (decided_at is null)),
  check (decided_by is null or decided_by <> requested_by)
);
create index owner_requests_pending_idx on owner_requests (id) where status = 'pending';
