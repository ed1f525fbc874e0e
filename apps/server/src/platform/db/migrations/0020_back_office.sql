-- The operator back office (decision 0023): operator accounts apart from players,
-- their two-factor secrets and recovery codes, their sessions, and who did what in the audit log.

create table operators (
  id bigint generated always as identity primary key,
  name text not null,
  login text not null unique,
  password_hash text not null,
  role text not null check (role in ('owner', 'finance', 'support', 'risk', 'auditor')),
  -- The one-time password an account is created with is replaced when its owner enrols two-factor.
  must_change_password boolean not null default true,
  -- AES-256-GCM of the base32 TOTP secret (never returned by any endpoint); null until enrolment is confirmed.
  totp_secret_sealed text,
  -- The secret offered at sign-in while enrolment waits for its first code, and the token proving it.
  totp_pending_sealed text,
  enrolment_token_hash text unique,
  enrolment_expires_at timestamptz,
  -- The last TOTP time step accepted: a code of that step or earlier is a replay and is refused.
  totp_last_step bigint,
  is_disabled boolean not null default false,
  created_by bigint references operators (id),
  created_at timestamptz not null,
  last_sign_in_at timestamptz
);

create table operator_recovery_codes (
  id bigint generated always as identity primary key,
  operator_id bigint not null references operators (id),
  -- SHA-256 of the normalised code: 50 random bits each, single use.
  code_hash text not null,
  used_at timestamptz,
  unique (operator_id, code_hash)
);

create table operator_sessions (
  id bigint generated always as identity primary key,
  operator_id bigint not null references operators (id),
  token_hash text not null unique,
  created_at timestamptz not null,
  -- Absolute: at most 8 hours after sign-in, whatever the operator does.
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text not null,
  user_agent text not null
);
create index operator_sessions_operator_idx on operator_sessions (operator_id) where revoked_at is null;

-- The audit log stays append-only (its trigger forbids update and delete); the console's rows also say
-- which operator, from where, and the record before and after the change. The CLI's rows leave them null.
alter table admin_audit_log
  add column operator_id bigint references operators (id),
  add column ip text,
  add column before jsonb,
  add column after jsonb;
create index admin_audit_log_operator_idx on admin_audit_log (operator_id, id desc);
create index admin_audit_log_action_idx on admin_audit_log (action, id desc);

-- Maker-checker on withdrawals above the configured amount: each approving operator once; the
-- withdrawal is paid when two different operators have approved (its guarded pending → paying
-- update still decides races, so it is paid once).
create table withdrawal_approvals (
  withdrawal_id bigint not null references withdrawals (id),
  operator_id bigint not null references operators (id),
  created_at timestamptz not null,
  primary key (withdrawal_id, operator_id)
);

-- Who in support is handling a complaint (assigned in the console; null: nobody yet).
alter table complaints add column assigned_operator_id bigint references operators (id);
create index complaints_assigned_idx on complaints (assigned_operator_id) where status <> 'closed';
