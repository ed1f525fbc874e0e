-- A client may name a bet request (requestKey) so that a retry after a timeout returns the first bet
-- instead of placing a second one.
alter table lottery_bets add column request_key text;
create unique index lottery_bets_request_key_idx on lottery_bets (user_id, request_key) where request_key is not null;
alter table crash_bets add column request_key text;
create unique index crash_bets_request_key_idx on crash_bets (user_id, request_key) where request_key is not null;
