import { formatMoney } from '@mayur/rules/money';
import {
  PROTECTION_PERIODS,
  protectionPeriodResetsAtMs,
  type LimitRefusalDetails,
  type ProtectionLimitKind,
  type ProtectionPeriod,
} from '@mayur/rules/protection-rules';
import type { Tx } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findCreditedDeposits, findDepositUsage } from './find-deposit-usage.ts';
import { findNetLossesSince } from '../wallet/activity-statement.ts';
import { activeExclusion, exclusionRefusal } from './exclusion.ts';
import { limitOf, periodRanges, periodStarts, PROTECTION_COLUMNS, type ProtectionRow } from './protection-row.ts';

// The checks money movements make in their own transactions (decision 0022). Each locks the player's
// protection row FOR UPDATE before it counts, so a second request of the same player, on any node,
// counts only after the first one's money is committed or rolled back.

type Usage = Record<ProtectionPeriod, bigint>;

function limitRefusal(
  userId: number,
  kind: ProtectionLimitKind,
  period: ProtectionPeriod,
  limitPaise: bigint,
  usedPaise: bigint,
  nowMs: number,
): AppError {
  const resetsAt = new Date(protectionPeriodResetsAtMs(period, nowMs)).toISOString();
  const code = kind === 'deposit' ? 'DEPOSIT_LIMIT_REACHED' : 'LOSS_LIMIT_REACHED';
  const used = usedPaise < 0n ? 0n : usedPaise;
  return new AppError(code, `user ${userId} ${kind} ${period} limit ${limitPaise}, used ${usedPaise}`, {
    details: { kind, period, limit: formatMoney(limitPaise), used: formatMoney(used), resetsAt },
  });
}

/** The first limit of `kind` that `addedPaise` more would pass, as its refusal; null when none would. */
function passedLimit(
  row: ProtectionRow,
  kind: ProtectionLimitKind,
  usage: Usage,
  addedPaise: bigint,
  nowMs: number,
): AppError | null {
  for (const period of PROTECTION_PERIODS) {
    const limit = limitOf(row, kind, period);
    if (limit !== null && usage[period] + addedPaise > limit)
      return limitRefusal(row.user_id, kind, period, limit, usage[period], nowMs);
  }
  return null;
}

const hasLimits = (row: ProtectionRow, kind: ProtectionLimitKind) =>
  PROTECTION_PERIODS.some((period) => limitOf(row, kind, period) !== null);

/**
 * In the transaction that opens a recharge order, before it is inserted: refuses during a time-out or
 * self-exclusion, and when the order would pass a deposit limit (orders of the period that are
 * completed or still payable, plus this one). The row lock makes parallel orders count one another.
 */
export async function assertMayDeposit(tx: Tx, now: Date, userId: number, amountPaise: bigint): Promise<void> {
  const [row] = await tx.query<ProtectionRow>(
    `select ${PROTECTION_COLUMNS} from player_protection where user_id = $1 for update`,
    [userId],
  );
  if (!row) return;
  const nowMs = now.getTime();
  const exclusion = activeExclusion(row, nowMs);
  if (exclusion) throw exclusionRefusal(userId, exclusion, 'recharge');
  if (!hasLimits(row, 'deposit')) return;
  const usage = await findDepositUsage(tx, userId, periodStarts(nowMs), now);
  const refusal = passedLimit(row, 'deposit', usage, amountPaise, nowMs);
  if (refusal) throw refusal;
}

/** Why a paid recharge is held instead of credited (the order's `held_reason`). */
export type DepositHoldReason = 'deposit_limit' | 'timeout' | 'self_exclusion';
export type DepositHold = { reason: DepositHoldReason; detail: string };

/**
 * In the transaction that credits a paid recharge order, before the credit: why the money may not go
 * to the player's cash, or null when it may. Decided under the player's protection row lock, so that
 * parallel credits, and the orders opened meanwhile, count one another. No deposit is credited during
 * a time-out or self-exclusion. Otherwise the credit must fit every deposit limit of the periods the
 * order was opened in (an order counts where it was opened, decision 0022), with the player's
 * recharges already credited there. An order counted since it was opened always fits, unless the
 * player lowered a limit since; a failed or expired one no longer was, and its late payment could
 * otherwise pass the limit.
 */
export async function findDepositHold(
  tx: Tx,
  now: Date,
  userId: number,
  order: { amountPaise: bigint; openedAt: Date },
): Promise<DepositHold | null> {
  const [row] = await tx.query<ProtectionRow>(
    `select ${PROTECTION_COLUMNS} from player_protection where user_id = $1 for update`,
    [userId],
  );
  if (!row) return null;
  const exclusion = activeExclusion(row, now.getTime());
  if (exclusion)
    return {
      reason: exclusion.kind === 'timeout' ? 'timeout' : 'self_exclusion',
      detail: `${exclusion.kind} until ${exclusion.endsAt}`,
    };
  if (!hasLimits(row, 'deposit')) return null;
  const openedMs = order.openedAt.getTime();
  const credited = await findCreditedDeposits(tx, userId, periodRanges(openedMs));
  const passed = passedLimit(row, 'deposit', credited, order.amountPaise, openedMs);
  if (!passed) return null;
  const { period, limit, used } = passed.details as LimitRefusalDetails;
  return { reason: 'deposit_limit', detail: `over the ${period} deposit limit of ₹${limit} (₹${used} credited)` };
}

/** In the transaction that redeems a gift: refuses during a time-out or self-exclusion. */
export async function assertMayRedeemGift(tx: Tx, now: Date, userId: number): Promise<void> {
  const [row] = await tx.query<ProtectionRow>(
    `select ${PROTECTION_COLUMNS} from player_protection where user_id = $1 for share`,
    [userId],
  );
  const exclusion = activeExclusion(row, now.getTime());
  if (exclusion) throw exclusionRefusal(userId, exclusion, 'gift');
}

export type StakeToCheck = { userId: number; stakePaise: bigint };

/**
 * For a batch of new bets, in the batch's transaction and before their stakes are posted: each bet's
 * refusal (time-out, self-exclusion, or a loss limit it would pass), or null when it may go on. One
 * statement locks the protection rows of the batch's players that have something to enforce (in
 * user order, so two batches cannot deadlock on them); one more reads the net losses of those with a
 * loss limit from the ledger. Bets are decided in batch order, each counting the stakes of the
 * player's earlier accepted bets in the batch, as if every one of them lost.
 */
export async function refuseProtectedBets(tx: Tx, now: Date, bets: readonly StakeToCheck[]): Promise<Array<AppError | null>> {
  if (bets.length === 0) return [];
  const nowMs = now.getTime();
  const userIds = [...new Set(bets.map((bet) => bet.userId))].sort((a, b) => a - b);
  const rows = await tx.query<ProtectionRow>(
    `select ${PROTECTION_COLUMNS} from player_protection
     where user_id = any($1::integer[])
       and (exclusion_ends_at > $2 or loss_day_paise is not null or loss_week_paise is not null or loss_month_paise is not null)
     order by user_id for update`,
    [userIds, now],
  );
  if (rows.length === 0) return bets.map(() => null);
  const rowOf = new Map(rows.map((row) => [row.user_id, row]));
  const lossUserIds = rows.filter((row) => hasLimits(row, 'loss')).map((row) => row.user_id);
  const losses = await findNetLossesSince(tx, lossUserIds, periodStarts(nowMs));
  const running = new Map<number, Usage>();
  return bets.map(({ userId, stakePaise }) => {
    const row = rowOf.get(userId);
    if (!row) return null;
    const exclusion = activeExclusion(row, nowMs);
    if (exclusion) return exclusionRefusal(userId, exclusion, 'bet');
    if (!hasLimits(row, 'loss')) return null;
    const usage = running.get(userId) ?? { ...(losses.get(userId) ?? { day: 0n, week: 0n, month: 0n }) };
    const refusal = passedLimit(row, 'loss', usage, stakePaise, nowMs);
    if (refusal) return refusal;
    for (const period of PROTECTION_PERIODS) usage[period] += stakePaise;
    running.set(userId, usage);
    return null;
  });
}
