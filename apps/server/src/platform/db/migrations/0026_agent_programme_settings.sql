-- The agent programme's settings, changed from the console (decision 0023 "Agent programme").
-- Each change is a new version that applies from `effective_from`, a business day (Asia/Kolkata) after
-- the day it was saved on, so a day already running is paid under one set of rates; the settings in
-- effect on day D are those of the version with the latest effective_from <= D (the latest saved when
-- two share a day). Until the first change no row exists and the server's settings run
-- (AGENT_COMMISSION_RATES_BP, AGENT_LEVEL_THRESHOLDS, INVITE_BONUS_*); the first change first stores
-- them as the version from 1970-01-01 (changed_by 'settings'), so the history starts with what ran.
-- Rows are never changed or removed: the table is the history.
create table agent_programme_settings (
  id bigint generated always as identity primary key,
  effective_from date not null,
  -- One array of six basis points per level, L0 first.
  commission_rates_bp jsonb not null check (jsonb_typeof(commission_rates_bp) = 'array'),
  -- One object per level above L0: {"minTeamSize": n, "minTeamDepositsPaise": "n", "minTeamBetsPaise": "n"}.
  level_thresholds jsonb not null check (jsonb_typeof(level_thresholds) = 'array'),
  invite_bonus_paise bigint not null check (invite_bonus_paise >= 0),
  invite_bonus_threshold_paise bigint not null check (invite_bonus_threshold_paise > 0),
  changed_by text not null,
  operator_id bigint references operators (id),
  created_at timestamptz not null default now()
);
create index agent_programme_settings_effective_idx on agent_programme_settings (effective_from desc, id desc);

create function agent_programme_settings_forbid_change() returns trigger language plpgsql as $$
begin
  raise exception 'agent programme versions are never changed or removed (% on %)', tg_op, tg_table_name;
end;
$$;
create trigger agent_programme_settings_append_only before update or delete on agent_programme_settings
  for each row execute function agent_programme_settings_forbid_change();
