-- Bonus wagering (decision 0009). A player's wagered stake is derived from the ledger: their bet and
-- fee debits minus refunds, without stakes that can still come back. This table holds only what the
-- ledger cannot say: the stake they must have reached before bonus can be exchanged (target), and
-- where the requirement now running began (baseline, for the progress shown to the player).
-- Every bonus credit and every exchange locks the player's row first, so they take turns.
create table bonus_wagering (
  user_id integer primary key references users (id),
  baseline_paise bigint not null default 0 check (baseline_paise >= 0),
  target_paise bigint not null default 0,
  updated_at timestamptz not null default now(),
  constraint bonus_wagering_target_after_baseline check (target_paise >= baseline_paise)
);

-- The stakes still live (a queued or flying crash bet can be cancelled or refunded) are read per player.
create index crash_bets_live_by_user_idx on crash_bets (user_id) where status in ('queued', 'open');

-- Bonus held before this rule existed owes bets of 1× itself (the default), counted from now.
insert into bonus_wagering (user_id, baseline_paise, target_paise)
select b.user_id, s.staked_paise, s.staked_paise + b.balance_paise
from ledger_accounts b
join ledger_accounts c on c.user_id = b.user_id and c.kind = 'cash'
cross join lateral (
  select greatest(0, coalesce(sum(
    case
      when t.reason in ('bet', 'fee') and e.amount_paise < 0 then -e.amount_paise
      when t.reason = 'refund' and e.amount_paise > 0 then -e.amount_paise
      else 0
    end), 0)::bigint
    - coalesce((select sum(cb.stake_paise) from crash_bets cb
                where cb.user_id = b.user_id and cb.status in ('queued', 'open')), 0)::bigint) as staked_paise
  from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
  where e.account_id = c.id
) s
where b.kind = 'bonus' and b.balance_paise > 0;
