-- Each node asks every 300 ms which sessions were revoked since its last answer (decision 0017): the
-- index keeps that read as small as the revocations of the last minutes, however many sessions exist.
create index sessions_revoked_at_idx on sessions (revoked_at) where revoked_at is not null;
