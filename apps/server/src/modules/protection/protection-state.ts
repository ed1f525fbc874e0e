import { type TProtectionLimit, type TProtectionState } from '@mayur/contracts';
import {
  AUTOPLAY_MAX_ROUNDS,
  LIMIT_CHANGE_DELAY_MS,
  PROTECTION_LIMIT_KINDS,
  PROTECTION_PERIODS,
  protectionPeriodResetsAtMs,
  type ProtectionLimitKind,
  type ProtectionPeriod,
  type RealityCheckMinutes,
} from '@mayur/rules/protection-rules';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../platform/db/db.ts';
import { findDepositUsage } from './find-deposit-usage.ts';
import { findNetLossesSince } from '../wallet/activity-statement.ts';
import { activeExclusion } from './exclusion.ts';
import { findProtectionRow, limitOf, periodStarts, type ProtectionRow } from './protection-row.ts';

export type LimitChangeRow = {
  kind: ProtectionLimitKind;
  period: ProtectionPeriod;
  amount_paise: bigint | null;
  requested_at: Date;
};

export async function findLimitChanges(db: Queryable, userId: number): Promise<LimitChangeRow[]> {
  return db.query<LimitChangeRow>(
    'select kind, period, amount_paise, requested_at from protection_limit_changes where user_id = $1',
    [userId],
  );
}

/** Whether any loss limit is in force: autoplay needs one. */
export function hasLossLimit(row: ProtectionRow | undefined): boolean {
  return PROTECTION_PERIODS.some((period) => limitOf(row, 'loss', period) !== null);
}

/**
 * The player's protection as the Responsible gaming screen shows it: every limit with what its period
 * has counted (deposits: orders completed or payable; losses: stakes less wins, never below 0.00) and
 * its pending change, the exclusion in force, the reality check.
 */
export async function findProtectionState(db: Queryable, now: Date, userId: number): Promise<TProtectionState> {
  const nowMs = now.getTime();
  const row = await findProtectionRow(db, userId);
  const changes = row ? await findLimitChanges(db, userId) : [];
  const starts = periodStarts(nowMs);
  const deposits = await findDepositUsage(db, userId, starts, now);
  const losses = (await findNetLossesSince(db, [userId], starts)).get(userId) ?? { day: 0n, week: 0n, month: 0n };
  const limits: TProtectionLimit[] = PROTECTION_LIMIT_KINDS.flatMap((kind) =>
    PROTECTION_PERIODS.map((period) => {
      const amount = limitOf(row, kind, period);
      const used = (kind === 'deposit' ? deposits : losses)[period];
      const change = changes.find((item) => item.kind === kind && item.period === period);
      return {
        kind,
        period,
        amount: amount === null ? null : formatMoney(amount),
        used: formatMoney(used < 0n ? 0n : used),
        resetsAt: new Date(protectionPeriodResetsAtMs(period, nowMs)).toISOString(),
        pending: change
          ? {
              amount: change.amount_paise === null ? null : formatMoney(change.amount_paise),
              requestedAt: change.requested_at.toISOString(),
              confirmableAt: new Date(change.requested_at.getTime() + LIMIT_CHANGE_DELAY_MS).toISOString(),
            }
          : null,
      };
    }),
  );
  return {
    limits,
    exclusion: activeExclusion(row, nowMs),
    realityCheckMinutes: (row?.reality_check_minutes ?? 0) as RealityCheckMinutes,
    hasLossLimit: hasLossLimit(row),
    autoplayMaxRounds: AUTOPLAY_MAX_ROUNDS,
    serverTime: now.toISOString(),
  };
}
