-- Append-only tables refuse TRUNCATE too (decision 0032). Their row triggers refuse UPDATE and DELETE,
-- but TRUNCATE fires no row trigger, so one statement could empty the ledger or the audit log. Each
-- append-only table now has a statement trigger on this one function, and the trigger is also how the
-- migration step knows a table is append-only: the server's role is granted only SELECT and INSERT on
-- a table that has it (platform/db/runtime-role.ts). A new append-only table gets the same trigger.
create function append_only_forbid_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'append-only table: % is refused on %', tg_op, tg_table_name;
end;
$$;
create trigger admin_audit_log_no_truncate before truncate on admin_audit_log
  for each statement execute function append_only_forbid_truncate();
create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
  for each statement execute function append_only_forbid_truncate();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function append_only_forbid_truncate();
create trigger agent_programme_settings_no_truncate before truncate on agent_programme_settings
  for each statement execute function append_only_forbid_truncate();

-- The reality check's clock belongs to the player's log-in, not to a browser tab (decision 0022): when
-- play started in this session (its first game screen) and when the player last chose to continue
-- after a check. Reopening the app with the same session resumes it; a new log-in starts another.
create table session_play_clocks (
  token_hash text primary key references sessions (token_hash),
  started_at timestamptz not null,
  last_check_at timestamptz not null,
  check (last_check_at >= started_at)
);
