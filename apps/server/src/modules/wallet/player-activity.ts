import type { Queryable } from '../../platform/db/db.ts';
import { fillValidBets } from './valid-bets.ts';

// What other modules may know of every player's money movements in a period (the agent statistics),
// without reading the ledger's tables themselves: set-based fills of temporary tables, one statement
// whatever the number of players, each read through a partial index on the transfers concerned.

/**
 * Fills the transaction's temporary table `player_activity` with one row per player who recharged,
 * was paid a withdrawal or bet in `[from, to)`:
 * - `deposit_paise`, `deposit_count`: completed recharges, `deposit` transfers into their cash and
 *   nothing else (gifts, bonuses and operator adjustments are not money they paid in);
 *   `is_first_deposit` when they had no recharge before `from`;
 * - `withdraw_paise`, `withdraw_count`: withdrawals paid out then (`withdrawal_paid`), each the
 *   player's whose cash its hold (`withdrawal_hold`, same reference) was taken from;
 * - `bet_paise`, `fee_paise`, `bet_count`: stakes and fees debited from their cash, and bets placed;
 * - `valid_bet_paise`: the valid bets the commission is paid on, exactly as `fillValidBets` counts them,
 *   never below zero (a negative day is the commission's to carry forward, not a statistic).
 * Also leaves `valid_bets` filled for the same period. Returns how many players it holds.
 */
export async function fillPlayerActivity(tx: Queryable, from: Date, to: Date): Promise<number> {
  await tx.query(
    `create temporary table if not exists player_activity (
       user_id integer primary key,
       deposit_paise bigint not null, deposit_count integer not null, is_first_deposit boolean not null,
       withdraw_paise bigint not null, withdraw_count integer not null,
       bet_paise bigint not null, fee_paise bigint not null, bet_count integer not null,
       valid_bet_paise bigint not null
     ) on commit drop`,
  );
  await tx.query('truncate player_activity');
  await fillValidBets(tx, from, to);
  const [filled] = await tx.query<{ n: number }>(
    `with deposits as (
       select c.user_id, sum(t.amount_paise)::bigint as paise, count(*)::integer as n,
              not exists (
                select 1 from ledger_transfers p
                where p.reason = 'deposit' and p.credit_account_id = c.id and p.created_at < $1
              ) as is_first
       from ledger_transfers t
       join ledger_accounts c on c.id = t.credit_account_id and c.kind = 'cash'
       where t.reason = 'deposit' and t.created_at >= $1 and t.created_at < $2
       group by c.user_id, c.id
     ), withdrawals as (
       select c.user_id, sum(t.amount_paise)::bigint as paise, count(*)::integer as n
       from ledger_transfers t
       join ledger_transfers h on h.reason = 'withdrawal_hold' and h.reference = t.reference
       join ledger_accounts c on c.id = h.debit_account_id and c.kind = 'cash'
       where t.reason = 'withdrawal_paid' and t.created_at >= $1 and t.created_at < $2
       group by c.user_id
     ), stakes as (
       select c.user_id,
              coalesce(sum(t.amount_paise) filter (where t.reason in ('bet', 'fee')), 0)::bigint as bet_paise,
              coalesce(sum(t.amount_paise) filter (where t.reason = 'fee'), 0)::bigint as fee_paise,
              count(*) filter (where t.reason = 'bet')::integer as bet_count
       from ledger_transfers t
       join ledger_accounts c on c.id = t.debit_account_id and c.kind = 'cash'
       where t.reason in ('bet', 'fee', 'refund') and t.created_at >= $1 and t.created_at < $2
       group by c.user_id
     ), parts as (
       select user_id, paise as deposit_paise, n as deposit_count, is_first as is_first_deposit,
              0::bigint as withdraw_paise, 0 as withdraw_count,
              0::bigint as bet_paise, 0::bigint as fee_paise, 0 as bet_count, 0::bigint as valid_bet_paise
       from deposits
       union all
       select user_id, 0, 0, false, paise, n, 0, 0, 0, 0 from withdrawals
       union all
       select user_id, 0, 0, false, 0, 0, bet_paise, fee_paise, bet_count, 0 from stakes
       union all
       select user_id, 0, 0, false, 0, 0, 0, 0, 0, greatest(bets_paise, 0) from valid_bets
     ), kept as (
       insert into player_activity
       select user_id, sum(deposit_paise)::bigint, sum(deposit_count)::integer, bool_or(is_first_deposit),
              sum(withdraw_paise)::bigint, sum(withdraw_count)::integer,
              sum(bet_paise)::bigint, sum(fee_paise)::bigint, sum(bet_count)::integer, sum(valid_bet_paise)::bigint
       from parts
       group by user_id
       returning 1
     )
     select count(*)::integer as n from kept`,
    [from, to],
  );
  return filled?.n ?? 0;
}

/**
 * Fills the transaction's temporary table `cash_balances (user_id, balance_paise)` with every player's
 * cash balance now; players holding nothing are left out (they add nothing to any total).
 */
export async function fillCashBalances(tx: Queryable): Promise<number> {
  await tx.query(
    `create temporary table if not exists cash_balances (
       user_id integer primary key, balance_paise bigint not null
     ) on commit drop`,
  );
  await tx.query('truncate cash_balances');
  const [filled] = await tx.query<{ n: number }>(
    `with kept as (
       insert into cash_balances (user_id, balance_paise)
       select user_id, balance_paise from ledger_accounts where kind = 'cash' and balance_paise <> 0
       returning 1
     )
     select count(*)::integer as n from kept`,
  );
  return filled?.n ?? 0;
}
