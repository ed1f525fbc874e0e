-- Players, their sessions, one-time codes and the notices shown on the home screen.

create table users (
  id integer generated always as identity (start with 100001) primary key,
  mobile text unique,
  email text unique,
  password_hash text not null,
  withdraw_password_hash text,
  nick_name text not null,
  actual_name text,
  promotion_code text not null unique,
  -- The player whose recommendation code was used at registration; the agent programme builds on it.
  inviter_id integer references users (id),
  level integer not null default 0,
  age_confirmed_at timestamptz not null,
  risk_accepted_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint users_has_login check (mobile is not null or email is not null),
  constraint users_nick_name_length check (char_length(nick_name) between 1 and 20)
);
create index users_inviter_id_idx on users (inviter_id);

-- Tokens are stored as their SHA-256 hash: a leaked table cannot be replayed as sessions.
create table sessions (
  token_hash text primary key,
  user_id integer not null references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_id_idx on sessions (user_id) where revoked_at is null;

-- One live code per destination; a new send replaces it. The one-minute send limit is enforced by
-- the conditional upsert on sent_at, so concurrent sends on any number of nodes cannot both pass.
create table verification_codes (
  channel text not null check (channel in ('sms', 'email')),
  destination text not null,
  code_hash text not null,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  consumed_at timestamptz,
  primary key (channel, destination)
);

-- Development delivery: what would have been sent, listed at GET /dev/outbox.
create table outbox_messages (
  id bigint generated always as identity primary key,
  channel text not null,
  destination text not null,
  code text not null,
  text text not null,
  sent_at timestamptz not null default now()
);

create table notices (
  id integer generated always as identity primary key,
  title text not null,
  message text not null,
  download_url text not null default '',
  main_url text not null default '',
  promotion_url text not null default '',
  is_published boolean not null default true,
  created_at timestamptz not null default now()
);
