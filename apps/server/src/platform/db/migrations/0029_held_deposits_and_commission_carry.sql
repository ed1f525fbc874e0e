-- A recharge paid when it may no longer be credited (decision 0022, "Late credits"): the order was
-- failed or expired and no longer counted in the player's deposit limit, the credit would pass a limit,
-- or the player is in a time-out or self-exclusion. The money is not added to the player's cash: it is
-- held in the `deposit-holds` house account until an operator returns it. Such an order stays failed
-- for the player's balance and records why it is held and when it was returned.
alter table deposit_orders add column held_reason text check (held_reason in ('deposit_limit', 'timeout', 'self_exclusion'));
alter table deposit_orders add column held_at timestamptz;
alter table deposit_orders add column returned_at timestamptz;
alter table deposit_orders add constraint deposit_orders_held_shape check (
  (held_reason is null) = (held_at is null)
  and (held_reason is null or status = 'failed')
  and (returned_at is null or held_reason is not null)
);
-- The held orders still to return, for the operators' lists.
create index deposit_orders_held_idx on deposit_orders (id) where held_reason is not null and returned_at is null;

-- The daily commission (decision 0013, "Refunds and negative days"): a refund counts against the day of
-- the stake it gives back. Refunds are few, so they are read by time through an index of their own
-- rather than among every stake of the day.
create index ledger_transfers_refunds_by_time_idx on ledger_transfers (created_at) where reason = 'refund';

-- A team member whose valid bets of a paid day came out negative (refunds of stakes counted on an
-- earlier day) carries that amount into their next day with bets, instead of it being dropped.
create table agent_commission_carry (
  member_id integer primary key references users (id),
  carry_paise bigint not null check (carry_paise < 0),
  -- The last paid day that changed it.
  day date not null
);
