-- The database refuses what the ledger forbids (decision 0016, "Foreign keys", and its sequel): the
-- posting code keeps its own checks, ledger:check proves the rows afterwards, and these guards make a
-- statement that would break an invariant fail before it commits, whoever wrote it.
--
-- References and balance are checked once per statement over the rows it inserted (a transition
-- table), not row by row: the four foreign keys dropped by migration 0024 cost 2.5 times the posting
-- itself on a lottery round's payouts, these checks a few per cent. A missing account or transfer
-- cannot appear later, because ledger rows are never updated or deleted, accounts are never deleted
-- or truncated, and an account's id is frozen below.

-- Why money moved: one of the wallet's TransferReason values (wallet/transfer-reasons.ts; a unit test
-- keeps the two lists equal). Checked against the rows already stored before it holds.
alter table ledger_transfers add constraint ledger_transfers_known_reason check (
  reason in (
    'gift', 'bonus_exchange', 'adjustment', 'bet', 'fee', 'payout', 'refund', 'deposit', 'withdrawal_hold',
    'withdrawal_paid', 'withdrawal_rejected', 'deposit_held', 'deposit_returned', 'commission', 'invite_bonus'
  )
) not valid;
alter table ledger_transfers validate constraint ledger_transfers_known_reason;

-- An account is what its transfers say it is: whose it is (user_id), which of their balances (kind) or
-- which house purpose pays from it. Only the balance changes. The trigger is named for those columns,
-- so the balance updates of every transfer do not run it.
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

-- Every transfer a statement inserts names two accounts that exist. Each account is looked up by its
-- key (the lateral LIMIT keeps the plan an index probe, whatever the size of the statement that first
-- planned it: a scan of every account would be planned once and kept).
create function ledger_transfers_check_accounts() returns trigger language plpgsql as $$
declare
  missing_id integer;
begin
  select named.id into missing_id
  from (select debit_account_id as id from inserted_transfers union select credit_account_id from inserted_transfers) named
  left join lateral (select a.id from ledger_accounts a where a.id = named.id limit 1) found on true
  where found.id is null
  limit 1;
  if found then
    raise exception 'ledger account % does not exist', missing_id using errcode = 'foreign_key_violation';
  end if;
  return null;
end;
$$;
create trigger ledger_transfers_accounts_exist after insert on ledger_transfers
  referencing new table as inserted_transfers
  for each statement execute function ledger_transfers_check_accounts();

-- Every statement that inserts entries inserts both of each transfer's: the debit account's, minus
-- the amount, and the credit account's, plus it, so the transfer sums to zero. Every way of posting
-- writes a transfer's two entries in one statement; a third entry, a lone one, an entry of a transfer
-- that does not exist or that does not match its transfer is refused. (A transfer whose entries are
-- never written is not seen here; ledger:check reports it.)
create function ledger_entries_check_legs() returns trigger language plpgsql as $$
declare
  bad record;
begin
  select legs.transfer_id, legs.entry_count, legs.total_paise, transfer.id is null as is_orphan into bad
  from (
    select transfer_id, count(*) as entry_count, sum(amount_paise) as total_paise,
           min(account_id) filter (where amount_paise < 0) as debit_account_id,
           min(account_id) filter (where amount_paise > 0) as credit_account_id,
           sum(amount_paise) filter (where amount_paise > 0) as credit_paise
    from inserted_entries group by transfer_id
  ) legs
  left join lateral (
    select t.id, t.debit_account_id, t.credit_account_id, t.amount_paise from ledger_transfers t where t.id = legs.transfer_id limit 1
  ) transfer on true
  where transfer.id is null or legs.entry_count <> 2 or legs.total_paise <> 0
     or legs.debit_account_id <> transfer.debit_account_id or legs.credit_account_id <> transfer.credit_account_id
     or legs.credit_paise <> transfer.amount_paise
  limit 1;
  if not found then
    return null;
  end if;
  if bad.is_orphan then
    raise exception 'ledger transfer % does not exist', bad.transfer_id using errcode = 'foreign_key_violation';
  end if;
  raise exception 'ledger transfer % must have its two entries, debit and credit of its amount, in one statement (% entries summing to %)',
    bad.transfer_id, bad.entry_count, bad.total_paise
    using errcode = 'check_violation';
end;
$$;
create trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as inserted_entries
  for each statement execute function ledger_entries_check_legs();

-- The rows already stored are proven once, as validating a constraint would: every transfer names
-- accounts that exist, every entry is a leg of its transfer, and every transfer has both of its legs
-- (the primary key allows no more).
do $$
declare
  bad text;
begin
  select 'transfer ' || t.id || ' names an account that does not exist' into bad
  from ledger_transfers t
  where not exists (select 1 from ledger_accounts a where a.id = t.debit_account_id)
     or not exists (select 1 from ledger_accounts a where a.id = t.credit_account_id)
  limit 1;
  if bad is null then
    select 'an entry of transfer ' || e.transfer_id || ' is not one of its legs' into bad
    from ledger_entries e
    left join ledger_transfers t on t.id = e.transfer_id
    where t.id is null
       or not ((e.account_id = t.debit_account_id and e.amount_paise = -t.amount_paise)
               or (e.account_id = t.credit_account_id and e.amount_paise = t.amount_paise))
    limit 1;
  end if;
  if bad is null then
    select 'transfer ' || t.id || ' lacks an entry' into bad
    from ledger_transfers t
    where not exists (select 1 from ledger_entries e where e.transfer_id = t.id and e.account_id = t.debit_account_id)
       or not exists (select 1 from ledger_entries e where e.transfer_id = t.id and e.account_id = t.credit_account_id)
    limit 1;
  end if;
  if bad is not null then
    raise exception 'the ledger breaks its invariants (%): repair it before this migration (npm run ledger:check)', bad;
  end if;
end;
$$;
