import { kolkataDayStartMs } from '@mayur/rules/kolkata-day';
import {
  PROTECTION_LIMIT_KINDS,
  PROTECTION_PERIODS,
  protectionPeriodDays,
  protectionPeriodResetsAtMs,
  type ExclusionDuration,
  type ExclusionKind,
  type ProtectionLimitKind,
  type ProtectionPeriod,
} from '@mayur/rules/protection-rules';
import type { Queryable, Tx } from '../../platform/db/db.ts';

// One row per player who has set anything (decision 0022). Every money movement a rule governs locks
// its player's row FOR UPDATE in its own transaction, so two nodes deciding at once are serialised by
// PostgreSQL, never by memory.

export type ProtectionRow = {
  user_id: number;
  deposit_day_paise: bigint | null;
  deposit_week_paise: bigint | null;
  deposit_month_paise: bigint | null;
  loss_day_paise: bigint | null;
  loss_week_paise: bigint | null;
  loss_month_paise: bigint | null;
  exclusion_kind: ExclusionKind | null;
  exclusion_duration: ExclusionDuration | null;
  exclusion_started_at: Date | null;
  exclusion_ends_at: Date | null;
  reality_check_minutes: number;
};

export const PROTECTION_COLUMNS = `user_id, deposit_day_paise, deposit_week_paise, deposit_month_paise, loss_day_paise,
  loss_week_paise, loss_month_paise, exclusion_kind, exclusion_duration, exclusion_started_at, exclusion_ends_at,
  reality_check_minutes`;

/** The column of one limit; both parts come from closed lists, never from a request's text. */
export function limitColumn(kind: ProtectionLimitKind, period: ProtectionPeriod): string {
  if (!PROTECTION_LIMIT_KINDS.includes(kind) || !PROTECTION_PERIODS.includes(period))
    throw new Error(`no limit ${kind}/${period}`);
  return `${kind}_${period}_paise`;
}

export function limitOf(row: ProtectionRow | undefined, kind: ProtectionLimitKind, period: ProtectionPeriod): bigint | null {
  if (!row) return null;
  return row[limitColumn(kind, period) as keyof ProtectionRow] as bigint | null;
}

export type PeriodStarts = { day: Date; week: Date; month: Date };

/** When the player's current Kolkata day, ISO week and calendar month began. */
export function periodStarts(nowMs: number): PeriodStarts {
  const startOf = (period: ProtectionPeriod) => new Date(kolkataDayStartMs(protectionPeriodDays(period, nowMs).from));
  return { day: startOf('day'), week: startOf('week'), month: startOf('month') };
}

/** The Kolkata day, ISO week and calendar month that contain `atMs`, each from its start to the next one's. */
export function periodRanges(atMs: number): Record<ProtectionPeriod, { from: Date; to: Date }> {
  const starts = periodStarts(atMs);
  const rangeOf = (period: ProtectionPeriod) => ({
    from: starts[period],
    to: new Date(protectionPeriodResetsAtMs(period, atMs)),
  });
  return { day: rangeOf('day'), week: rangeOf('week'), month: rangeOf('month') };
}

export async function findProtectionRow(db: Queryable, userId: number): Promise<ProtectionRow | undefined> {
  const [row] = await db.query<ProtectionRow>(`select ${PROTECTION_COLUMNS} from player_protection where user_id = $1`, [userId]);
  return row;
}

/** The player's row, created when missing, locked for the rest of the transaction. */
export async function lockOwnProtectionRow(tx: Tx, userId: number, now: Date): Promise<ProtectionRow> {
  await tx.query('insert into player_protection (user_id, updated_at) values ($1, $2) on conflict (user_id) do nothing', [
    userId,
    now,
  ]);
  const [row] = await tx.query<ProtectionRow>(
    `select ${PROTECTION_COLUMNS} from player_protection where user_id = $1 for update`,
    [userId],
  );
  return row!;
}
