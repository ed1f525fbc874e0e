-- Room on every page of ledger_accounts for the new version of a row whose balance changes, so the
-- update is HOT (no index entry written; balance_paise is in no index). Applies to pages written from
-- now on; an operator can rewrite older pages with VACUUM FULL or pg_repack in a quiet hour
-- (decision 0016, addendum).
alter table ledger_accounts set (fillfactor = 80);
