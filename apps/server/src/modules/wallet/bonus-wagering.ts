import assert from 'node:assert/strict';
import { type TBonusWagering } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../platform/db/db.ts';
import { findPlayerAccounts, findPlayerBalances } from './accounts.ts';
import { postGroup, type PostedTransfer, type TransferInput } from './ledger.ts';

/**
 * The wagering requirement on bonus (decision 0009). A player's wagered stake S is derived from the
 * ledger: their bet and fee debits, minus refunds, minus the stakes of bets that can still come back
 * (a queued or flying crash bet can be cancelled or refunded). Nothing is written on the bet path.
 * Each bonus credit raises the stake the player must reach, `target := max(target, S) + k × credit`;
 * bonus can be exchanged once S ≥ target.
 */
export type WageringState = { baselinePaise: bigint; targetPaise: bigint };

/** The requirement after a credit of `creditedPaise` when the player has wagered `stakedPaise`. */
export function raisedRequirement(
  state: WageringState,
  stakedPaise: bigint,
  creditedPaise: bigint,
  multiplierX100: bigint,
): WageringState {
  assert(creditedPaise > 0n, 'a bonus credit is positive');
  assert(multiplierX100 >= 0n, 'the multiplier is not negative');
  const owedPaise = ceilDivide(creditedPaise * multiplierX100, 100n);
  // A met requirement is over: the next one is measured from the bets made so far.
  const isMet = stakedPaise >= state.targetPaise;
  const baselinePaise = isMet ? stakedPaise : state.baselinePaise;
  return { baselinePaise, targetPaise: (isMet ? stakedPaise : state.targetPaise) + owedPaise };
}

export type WageringProgress = { requiredPaise: bigint; wageredPaise: bigint; remainingPaise: bigint };

/** What the player sees: the running requirement, how much of it is bet, and what is left. */
export function wageringProgress(state: WageringState, stakedPaise: bigint, multiplierX100: bigint): WageringProgress {
  if (multiplierX100 === 0n || stakedPaise >= state.targetPaise) {
    const requiredPaise = multiplierX100 === 0n ? 0n : state.targetPaise - state.baselinePaise;
    return { requiredPaise, wageredPaise: requiredPaise, remainingPaise: 0n };
  }
  const requiredPaise = state.targetPaise - state.baselinePaise;
  const remainingPaise = state.targetPaise - stakedPaise;
  return { requiredPaise, wageredPaise: requiredPaise - remainingPaise, remainingPaise };
}

function ceilDivide(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/**
 * Takes the player's wagering row lock (creating the row when there is none). Every bonus credit and
 * every exchange takes it before touching an account, so a gift redeemed while an exchange runs waits
 * for it (or the other way round) and the lock order is always wagering row, then accounts.
 */
export async function lockWagering(tx: Queryable, userId: number): Promise<WageringState> {
  const rows = await tx.query<{ baseline_paise: bigint; target_paise: bigint }>(
    `insert into bonus_wagering (user_id) values ($1)
     on conflict (user_id) do update set user_id = excluded.user_id
     returning baseline_paise, target_paise`,
    [userId],
  );
  const row = rows[0];
  assert(row, `wagering row of user ${userId}`);
  return { baselinePaise: row.baseline_paise, targetPaise: row.target_paise };
}

/**
 * How one ledger entry `e` of transfer `t` on a player's cash moves their wagered stake: a bet or fee
 * debit adds its amount, a refund credit takes its amount back, anything else is 0. Shared by the
 * wagering requirement and the agent commission's valid bets (valid-bets.ts), so both count alike.
 */
export const STAKE_MOVEMENT_SQL = `case
    when t.reason in ('bet', 'fee') and e.amount_paise < 0 then -e.amount_paise
    when t.reason = 'refund' and e.amount_paise > 0 then -e.amount_paise
    else 0
  end`;

/** The stakes of crash bets that can still come back (queued or flying), which are not wagered yet. */
export const LIVE_CRASH_STATUSES_SQL = "('queued', 'open')";

/** The player's wagered stake S, from the ledger (see the top of this file). */
export async function findStakedPaise(tx: Queryable, userId: number): Promise<bigint> {
  const rows = await tx.query<{ staked_paise: bigint }>(
    `select greatest(0, coalesce((
         select sum(${STAKE_MOVEMENT_SQL})
         from ledger_accounts c
         join ledger_entries e on e.account_id = c.id
         join ledger_transfers t on t.id = e.transfer_id
         where c.user_id = $1 and c.kind = 'cash'), 0)::bigint
       - coalesce((select sum(stake_paise) from crash_bets where user_id = $1 and status in ${LIVE_CRASH_STATUSES_SQL}), 0)::bigint
     )::bigint as staked_paise`,
    [userId],
  );
  return rows[0]?.staked_paise ?? 0n;
}

/** A promotional credit to a player's bonus (a gift code, the invite bonus), with the wagering it carries. */
export type BonusCredit = { userId: number; multiplierX100: bigint; credit: Omit<TransferInput, 'creditAccountId'> };

/**
 * Posts a promotional credit to the player's bonus and raises their requirement in the same
 * transaction. A replayed key raises nothing: the first post already did.
 */
export async function postBonusCredit(
  tx: Queryable,
  multiplierX100: bigint,
  userId: number,
  credit: Omit<TransferInput, 'creditAccountId'>,
): Promise<PostedTransfer> {
  const [posted] = await postWithBonusCredits(tx, [], [{ userId, multiplierX100, credit }]);
  return posted!;
}

/**
 * Posts `transfers` and the bonus credits as one group (a deposit and the invite bonus it brings), and
 * raises each credited player's requirement. The credited players' wagering rows are locked first, in
 * user order, then the group takes its keys and accounts in the ledger's order; so the group never
 * waits on an account it does not lock at once. Returns the postings of `transfers`, then of the credits.
 */
export async function postWithBonusCredits(
  tx: Queryable,
  transfers: readonly TransferInput[],
  credits: readonly BonusCredit[],
): Promise<PostedTransfer[]> {
  if (transfers.length === 0 && credits.length === 0) return [];
  const states = new Map<number, WageringState>();
  for (const userId of [...new Set(credits.map((c) => c.userId))].sort((a, b) => a - b))
    states.set(userId, await lockWagering(tx, userId));
  const creditTransfers: TransferInput[] = [];
  for (const { userId, credit } of credits)
    creditTransfers.push({ ...credit, creditAccountId: (await findPlayerAccounts(tx, userId)).bonusAccountId });
  const posted = await postGroup(tx, [...transfers, ...creditTransfers]);
  for (const [index, { userId, multiplierX100, credit }] of credits.entries()) {
    if (posted[transfers.length + index]!.isReplay || multiplierX100 === 0n) continue;
    const raised = raisedRequirement(states.get(userId)!, await findStakedPaise(tx, userId), credit.amountPaise, multiplierX100);
    states.set(userId, raised);
    await tx.query('update bonus_wagering set baseline_paise = $2, target_paise = $3, updated_at = now() where user_id = $1', [
      userId,
      raised.baselinePaise,
      raised.targetPaise,
    ]);
  }
  return posted;
}

/** The player's progress, read without locking (a view: the exchange checks again under the lock). */
export async function findBonusWagering(db: Queryable, multiplierX100: bigint, userId: number): Promise<TBonusWagering> {
  const rows = await db.query<{ baseline_paise: bigint; target_paise: bigint }>(
    'select baseline_paise, target_paise from bonus_wagering where user_id = $1',
    [userId],
  );
  const state = rows[0]
    ? { baselinePaise: rows[0].baseline_paise, targetPaise: rows[0].target_paise }
    : { baselinePaise: 0n, targetPaise: 0n };
  const progress = wageringProgress(state, await findStakedPaise(db, userId), multiplierX100);
  const balances = await findPlayerBalances(db, userId);
  return toWire(balances.bonusPaise, progress);
}

export function toWire(bonusPaise: bigint, progress: WageringProgress): TBonusWagering {
  return {
    bonus: formatMoney(bonusPaise),
    required: formatMoney(progress.requiredPaise),
    wagered: formatMoney(progress.wageredPaise),
    remaining: formatMoney(progress.remainingPaise),
    isExchangeable: progress.remainingPaise === 0n,
  };
}
