import {
  isLimitChangeImmediate,
  LIMIT_CHANGE_DELAY_MS,
  type ProtectionLimitKind,
  type ProtectionPeriod,
} from '@mayur/rules/protection-rules';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findProtectionState } from './protection-state.ts';
import { limitColumn, limitOf, lockOwnProtectionRow } from './protection-row.ts';

// Limits the player sets (decision 0022): a first or lower limit applies at once; a higher one, or a
// removal, is stored as a change that the player may confirm once 24 hours have passed, on the app's
// clock. A change never applies by itself, and a new request replaces the one waiting.

type LimitName = { kind: ProtectionLimitKind; period: ProtectionPeriod };

async function applyLimit(tx: Tx, userId: number, { kind, period }: LimitName, amountPaise: bigint | null, now: Date) {
  await tx.query(`update player_protection set ${limitColumn(kind, period)} = $2, updated_at = $3 where user_id = $1`, [
    userId,
    amountPaise,
    now,
  ]);
  await tx.query('delete from protection_limit_changes where user_id = $1 and kind = $2 and period = $3', [userId, kind, period]);
}

async function requestChange(tx: Tx, userId: number, { kind, period }: LimitName, amountPaise: bigint | null, now: Date) {
  await tx.query(
    `insert into protection_limit_changes (user_id, kind, period, amount_paise, requested_at) values ($1, $2, $3, $4, $5)
     on conflict (user_id, kind, period) do update set amount_paise = excluded.amount_paise, requested_at = excluded.requested_at`,
    [userId, kind, period, amountPaise, now],
  );
}

/** Sets a limit to `amountPaise`, or (null) asks for its removal. */
export async function changeLimit(ctx: AppContext, userId: number, limit: LimitName, amountPaise: bigint | null) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockOwnProtectionRow(tx, userId, now);
    const current = limitOf(row, limit.kind, limit.period);
    if (current === null && amountPaise === null)
      throw new AppError('LIMIT_NOT_SET', `user ${userId} has no ${limit.kind} ${limit.period} limit`);
    if (isLimitChangeImmediate(current, amountPaise)) await applyLimit(tx, userId, limit, amountPaise, now);
    else if (current !== amountPaise) await requestChange(tx, userId, limit, amountPaise, now);
  });
  ctx.log.info({ userId, ...limit, amountPaise: amountPaise === null ? null : String(amountPaise) }, 'protection limit changed');
  return findProtectionState(ctx.db, now, userId);
}

/** Applies a waiting change once its 24 hours have passed: refused before, with LIMIT_CHANGE_NOT_READY. */
export async function confirmLimitChange(ctx: AppContext, userId: number, limit: LimitName) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockOwnProtectionRow(tx, userId, now);
    const [change] = await tx.query<{ amount_paise: bigint | null; requested_at: Date }>(
      'select amount_paise, requested_at from protection_limit_changes where user_id = $1 and kind = $2 and period = $3',
      [userId, limit.kind, limit.period],
    );
    if (!change) throw new AppError('LIMIT_CHANGE_NOT_FOUND', `user ${userId} ${limit.kind} ${limit.period}`);
    const confirmableAtMs = change.requested_at.getTime() + LIMIT_CHANGE_DELAY_MS;
    if (now.getTime() < confirmableAtMs)
      throw new AppError('LIMIT_CHANGE_NOT_READY', `confirmable at ${new Date(confirmableAtMs).toISOString()}`);
    await applyLimit(tx, userId, limit, change.amount_paise, now);
  });
  ctx.log.info({ userId, ...limit }, 'protection limit change confirmed');
  return findProtectionState(ctx.db, now, userId);
}

/** Drops a waiting change; the limit in force stays. */
export async function cancelLimitChange(ctx: AppContext, userId: number, limit: LimitName) {
  const now = ctx.clock.now();
  const deleted = await ctx.db.query(
    'delete from protection_limit_changes where user_id = $1 and kind = $2 and period = $3 returning 1',
    [userId, limit.kind, limit.period],
  );
  if (deleted.length === 0) throw new AppError('LIMIT_CHANGE_NOT_FOUND', `user ${userId} ${limit.kind} ${limit.period}`);
  return findProtectionState(ctx.db, now, userId);
}
