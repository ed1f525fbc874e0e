-- The database refuses what the ledger forbids. The wallet keeps its own checks and ledger:check proves
-- the rows afterwards, but a statement that would break an invariant now fails before it commits,
-- whoever wrote it. (Append-only: migration 0030 already refuses TRUNCATE of both ledger tables.)
--
-- References and balance are checked once per statement, over the rows it inserted (a transition
-- table), instead of by the four row-by-row foreign keys migration 0024 dropped (decision 0016,
-- "Foreign keys"): with those, posting a lottery round's payouts took about four times as long; these
-- checks add about 5 % to the ledger's statements. What a foreign key also guarantees later, that the row
-- it names stays, holds without one: ledger rows are never updated or deleted, accounts are never
-- deleted or truncated (migrations 0002, 0024, 0030), and an account's id is frozen below.

-- Why money moved: one of the wallet's TransferReason values (wallet/transfer-reasons.ts). A test
-- compares this list with that one, so a new reason comes with a migration that replaces the check.
alter table ledger_transfers add constraint ledger_transfers_known_reason check (
  reason in (
    'gift', 'bonus_exchange', 'adjustment', 'bet', 'fee', 'payout', 'refund', 'deposit', 'withdrawal_hold',
    'withdrawal_paid', 'withdrawal_rejected', 'deposit_held', 'deposit_returned', 'commission', 'invite_bonus'
  )
) not valid;
alter table ledger_transfers validate constraint ledger_transfers_known_reason;

-- An account is what its transfers say it is: whose it is (user_id), which of their balances (kind),
-- or which house purpose it serves. Only its balance changes. The trigger names those columns, so the
-- balance updates of every transfer do not run it.
create function ledger_accounts_forbid_identity_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger account % keeps its id, kind, owner and purpose', old.id
    using errcode = 'integrity_constraint_violation';
end;
$$;
create trigger ledger_accounts_identity_frozen before update of id, kind, user_id, purpose on ledger_accounts
  for each row
  when (new.id <> old.id or new.kind <> old.kind or new.user_id is distinct from old.user_id
        or new.purpose is distinct from old.purpose)
  execute function ledger_accounts_forbid_identity_change();

-- Every transfer a statement inserts names two accounts that exist: each account named is looked up
-- by its key (the lateral LIMIT keeps the plan an index probe whatever the size of the statement that
-- first planned it; a scan of every account, once a statement, cost a 230,000-winner payout about 6 s
-- of the database's CPU).
create function ledger_transfers_check_accounts() returns trigger language plpgsql as $$
declare
  missing_id integer;
begin
  select named.account_id into missing_id
  from (
    select debit_account_id as account_id from inserted_transfers
    union
    select credit_account_id from inserted_transfers
  ) named
  left join lateral (select a.id from ledger_accounts a where a.id = named.account_id limit 1) account on true
  where account.id is null
  limit 1;
  if not found then
    return null;
  end if;
  raise exception 'ledger account % does not exist', missing_id using errcode = 'foreign_key_violation';
end;
$$;
create trigger ledger_transfers_accounts_exist after insert on ledger_transfers
  referencing new table as inserted_transfers
  for each statement execute function ledger_transfers_check_accounts();

-- A statement that inserts entries inserts both of each transfer's, and nothing else: the debit
-- account's, minus the amount, and the credit account's, plus the amount, so that every transfer sums
-- to zero. Every way of posting writes a transfer's two entries in one statement. A lone entry, a
-- third one, an entry of a transfer that does not exist, or one that does not match its transfer is
-- refused. Each transfer is read by its key (the lateral LIMIT keeps the plan an index probe whatever
-- the size of the statement that first planned it; a scan of the whole ledger would be kept instead).
-- A transfer whose entries are never written at all is not seen here: ledger:check reports it.
create function ledger_entries_check_legs() returns trigger language plpgsql as $$
declare
  bad record;
begin
  select legs.transfer_id, legs.entry_count, transfer.id is null as is_orphan into bad
  from (
    select transfer_id, count(*) as entry_count, min(amount_paise) as debit_paise, max(amount_paise) as credit_paise,
           min(account_id) filter (where amount_paise < 0) as debit_account_id,
           min(account_id) filter (where amount_paise > 0) as credit_account_id
    from inserted_entries group by transfer_id
  ) legs
  left join lateral (
    select t.id, t.debit_account_id, t.credit_account_id, t.amount_paise
    from ledger_transfers t where t.id = legs.transfer_id limit 1
  ) transfer on true
  where transfer.id is null or legs.entry_count <> 2
     or legs.debit_account_id is distinct from transfer.debit_account_id or legs.debit_paise <> -transfer.amount_paise
     or legs.credit_account_id is distinct from transfer.credit_account_id or legs.credit_paise <> transfer.amount_paise
  limit 1;
  if not found then
    return null;
  end if;
  if bad.is_orphan then
    raise exception 'ledger transfer % does not exist', bad.transfer_id using errcode = 'foreign_key_violation';
  end if;
  raise exception
    'ledger transfer % must have its two entries, debit and credit of its amount, in one statement (% given)',
    bad.transfer_id, bad.entry_count
    using errcode = 'check_violation';
end;
$$;
create trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as inserted_entries
  for each statement execute function ledger_entries_check_legs();

-- The rows stored before are proven once, as validating a constraint would: every transfer names
-- accounts that exist, and every transfer has exactly its two legs and no entry is anything else. Two
-- passes over the ledger (about 50 s for ten million transfers on a busy two-core machine), with room
-- to hash them in memory for the rest of this transaction.
set local work_mem = '256MB';
do $$
declare
  bad text;
begin
  select 'transfer ' || t.id || ' names an account that does not exist' into bad
  from ledger_transfers t
  left join ledger_accounts debit on debit.id = t.debit_account_id
  left join ledger_accounts credit on credit.id = t.credit_account_id
  where debit.id is null or credit.id is null
  limit 1;
  if bad is null then
    select 'transfer ' || coalesce(t.id, legs.transfer_id) || ' does not have exactly its two entries' into bad
    from ledger_transfers t
    full join (
      select transfer_id, count(*) as entry_count, min(amount_paise) as debit_paise, max(amount_paise) as credit_paise,
             min(account_id) filter (where amount_paise < 0) as debit_account_id,
             min(account_id) filter (where amount_paise > 0) as credit_account_id
      from ledger_entries group by transfer_id
    ) legs on legs.transfer_id = t.id
    where t.id is null or legs.transfer_id is null or legs.entry_count <> 2
       or legs.debit_account_id is distinct from t.debit_account_id or legs.debit_paise <> -t.amount_paise
       or legs.credit_account_id is distinct from t.credit_account_id or legs.credit_paise <> t.amount_paise
    limit 1;
  end if;
  if bad is not null then
    raise exception 'the ledger breaks its invariants (%): repair it before this migration (npm run ledger:check)', bad;
  end if;
end;
$$;
