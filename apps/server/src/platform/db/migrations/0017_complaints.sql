-- Complaints and suggestions (decision 0021): a player's complaint, its thread of messages
-- between the player and the operators, the screenshots checked by content, and the one-per-minute claim.

create table complaints (
  id bigserial primary key,
  -- "C" + the Kolkata day it was filed + the id, for people to quote ("C20261124000042").
  complaint_no text not null unique,
  user_id integer not null references users (id),
  type text not null check (type in ('recharge', 'withdrawal', 'game', 'account', 'agent', 'suggestion', 'other')),
  -- open → answered (an operator replied) → closed (by an operator); the player's reply opens it again.
  status text not null default 'open' check (status in ('open', 'answered', 'closed')),
  -- One of the player's own records, checked as theirs when the complaint was filed.
  reference_kind text check (reference_kind in ('recharge', 'withdrawal', 'lottery', 'crash')),
  reference_id text,
  -- An operator answered or closed it and the player has not opened it since (the Mine badge).
  has_unread_answer boolean not null default false,
  request_key text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz,
  check ((reference_kind is null) = (reference_id is null)),
  check ((status = 'closed') = (closed_at is not null))
);
create index complaints_user_idx on complaints (user_id, id desc);
create index complaints_unread_idx on complaints (user_id) where has_unread_answer;
-- A retried filing (time-out, lost answer) finds the complaint it already made.
create unique index complaints_request_key_idx on complaints (user_id, request_key) where request_key is not null;
-- The operators' queue: everything not closed, oldest first.
create index complaints_queue_idx on complaints (id) where status <> 'closed';

create table complaint_messages (
  id bigserial primary key,
  complaint_id bigint not null references complaints (id),
  author text not null check (author in ('player', 'operator')),
  -- Who answered, for the audit trail; never shown to the player.
  operator_name text,
  body text not null check (length(body) between 1 and 4000),
  created_at timestamptz not null,
  check ((author = 'operator') = (operator_name is not null))
);
create index complaint_messages_complaint_idx on complaint_messages (complaint_id, id);

create table complaint_attachments (
  id bigserial primary key,
  complaint_id bigint not null references complaints (id),
  message_id bigint not null references complaint_messages (id),
  -- The type read from the bytes, the only one ever sent back as Content-Type.
  media_type text not null check (media_type in ('image/jpeg', 'image/png', 'image/webp')),
  byte_size integer not null check (byte_size between 1 and 2097152),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea not null,
  check (octet_length(content) = byte_size)
);
create index complaint_attachments_message_idx on complaint_attachments (message_id);

-- One row per player: when they last filed a complaint. A conditional upsert claims the next minute
-- in the filing's transaction, so parallel requests on any number of nodes file at most one.
create table complaint_filing_claims (
  user_id integer primary key references users (id),
  last_filed_at timestamptz not null
);
