-- Third-party studios (decision 0026, "Frozen players, logouts, ceilings and currency").

-- What each studio credited each player in a Kolkata day, so that a credit beyond the provider's
-- daily ceiling is refused in the same transaction that would post it. A credit batch locks its
-- players' rows in player order and raises them by the credits it accepts; a leaked signing secret can
-- then mint at most the ceiling per player per day.
create table provider_credit_days (
  provider_id text not null,
  user_id integer not null references users (id),
  day date not null,
  credited_paise bigint not null check (credited_paise >= 0),
  primary key (provider_id, user_id, day)
);

-- A freeze or a logout ends the player's studio sessions and unused launch tokens: an ended session
-- takes no new bet and an ended launch token opens nothing, whatever their expiry says (and whatever
-- the clocks of the nodes involved say).
alter table provider_game_sessions add column ended_at timestamptz;

-- Finds a player's live sessions and tokens without reading every launch they ever made. `greatest`
-- ignores nulls: a launch not yet exchanged is found by its token's expiry, an exchanged one by its
-- session's.
create index provider_game_sessions_live on provider_game_sessions (user_id, greatest(launch_expires_at, session_expires_at))
  where ended_at is null;
