-- Player protection (decision 0022): the limits a player sets, their time-out or
-- self-exclusion and their reality-check interval, on one row per player that every money movement it
-- governs locks (FOR UPDATE) in its own transaction; and the increases or removals of limits waiting
-- for their 24 hours and the player's confirmation.

create table player_protection (
  user_id integer primary key references users (id),
  -- Limits in force, in paise; null when none is set. Deposits: recharge orders opened in the period
  -- and not failed. Losses: stakes less refunds and wins in the period.
  deposit_day_paise bigint check (deposit_day_paise > 0),
  deposit_week_paise bigint check (deposit_week_paise > 0),
  deposit_month_paise bigint check (deposit_month_paise > 0),
  loss_day_paise bigint check (loss_day_paise > 0),
  loss_week_paise bigint check (loss_week_paise > 0),
  loss_month_paise bigint check (loss_month_paise > 0),
  -- The latest time-out or self-exclusion; in force while exclusion_ends_at is in the future. Only
  -- ever replaced by one that ends later: nothing shortens or lifts it.
  exclusion_kind text check (exclusion_kind in ('timeout', 'self-exclusion')),
  exclusion_duration text check (exclusion_duration in ('24h', '7d', '30d', '6m', '1y', '5y')),
  exclusion_started_at timestamptz,
  exclusion_ends_at timestamptz,
  reality_check_minutes smallint not null default 0 check (reality_check_minutes in (0, 15, 30, 60)),
  updated_at timestamptz not null,
  check ((exclusion_kind is null) = (exclusion_ends_at is null)),
  check ((exclusion_kind is null) = (exclusion_started_at is null)),
  check ((exclusion_kind is null) = (exclusion_duration is null))
);

create table protection_limit_changes (
  user_id integer not null references player_protection (user_id),
  kind text not null check (kind in ('deposit', 'loss')),
  period text not null check (period in ('day', 'week', 'month')),
  -- The limit asked for; null asks for its removal.
  amount_paise bigint check (amount_paise > 0),
  requested_at timestamptz not null,
  primary key (user_id, kind, period)
);
