-- The ledger's foreign keys to its accounts (and from entries to transfers) were checked row by row:
-- four key-share lookups per payout, which measured as most of the cost of posting a lottery round's
-- payouts (decision 0016, "Foreign keys"). Every posting statement now locks the accounts it names
-- and refuses a batch that names one it did not find, ledger:check reports any orphan row, and an
-- account can never be deleted, so what the keys guaranteed still holds.
alter table ledger_transfers drop constraint ledger_transfers_debit_account_id_fkey;
alter table ledger_transfers drop constraint ledger_transfers_credit_account_id_fkey;
alter table ledger_entries drop constraint ledger_entries_transfer_id_fkey;
alter table ledger_entries drop constraint ledger_entries_account_id_fkey;

create function ledger_forbid_account_removal() returns trigger language plpgsql as $$
begin
  raise exception 'ledger accounts are never removed (% on %)', tg_op, tg_table_name;
end;
$$;
create trigger ledger_accounts_never_deleted before delete or truncate on ledger_accounts
  for each statement execute function ledger_forbid_account_removal();
