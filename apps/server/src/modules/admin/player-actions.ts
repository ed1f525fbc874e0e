import type { TPlayerActionResult } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { forgetRevokedSessions } from '../../platform/http/authenticate.ts';
import { endAllUserSessions } from '../auth/sessions.ts';
import { findWithdrawPasswordLock, unlockWithdrawPassword } from '../payments/payout-accounts/check-withdraw-password.ts';
import { endStudioSessions } from '../providers/end-studio-sessions.ts';
import { Refusal } from '../../platform/refusal.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import type { AuditedCall } from './register-admin-endpoint.ts';

// The actions on a player from the console: freeze and unfreeze (risk), log out everywhere and unlock
// the withdrawal password (support). Each change and its audit row commit in one transaction. Ending
// sessions reaches every node within a second (decision 0017): the revocation is committed, then this
// node's cache drops the sessions and, with Redis, every other node's too; a node that missed the
// message stops trusting its cached entry within the cache's one-second bound anyway.

export type { AuditedCall };

type FrozenState = { frozen_at: Date | null; frozen_reason: string | null };

async function lockPlayer(tx: Queryable, playerId: number): Promise<FrozenState> {
  const [row] = await tx.query<FrozenState>('select frozen_at, frozen_reason from users where id = $1 for update', [playerId]);
  if (!row) throw new Refusal('PLAYER_NOT_FOUND', `no player ${playerId}`);
  return row;
}

const frozenView = (state: FrozenState) => ({
  isFrozen: state.frozen_at !== null,
  frozenAt: state.frozen_at?.toISOString() ?? null,
  reason: state.frozen_reason,
});

/**
 * Freezes a player: the row lock first (a log-in opening a session waits for it, then sees the freeze;
 * one that opened before is revoked below), then every live session ends. Freezing a frozen player
 * keeps the first time, takes the new reason and ends any session again.
 */
export async function freezePlayer(
  bo: BackOfficeContext,
  input: { playerId: number; reason: string },
  call: AuditedCall,
): Promise<TPlayerActionResult> {
  const { db, clock } = bo.app;
  const sessionsEnded = await db.transaction(async (tx) => {
    const before = await lockPlayer(tx, input.playerId);
    const now = clock.now();
    await tx.query('update users set frozen_at = coalesce(frozen_at, $2), frozen_reason = $3 where id = $1', [
      input.playerId,
      now,
      input.reason,
    ]);
    const ended = await endAllUserSessions(tx, clock, input.playerId);
    await endStudioSessions(tx, input.playerId, now);
    call.audit.before = { playerId: input.playerId, ...frozenView(before) };
    call.audit.after = {
      playerId: input.playerId,
      ...frozenView({ frozen_at: before.frozen_at ?? now, frozen_reason: input.reason }),
      sessionsEnded: ended,
    };
    await call.recordWithin(tx);
    return ended;
  });
  await forgetRevokedSessions(bo.app, { userId: input.playerId });
  return { playerId: input.playerId, isFrozen: true, sessionsEnded };
}

export async function unfreezePlayer(
  bo: BackOfficeContext,
  input: { playerId: number },
  call: AuditedCall,
): Promise<TPlayerActionResult> {
  await bo.app.db.transaction(async (tx) => {
    const before = await lockPlayer(tx, input.playerId);
    await tx.query('update users set frozen_at = null, frozen_reason = null where id = $1', [input.playerId]);
    call.audit.before = { playerId: input.playerId, ...frozenView(before) };
    call.audit.after = { playerId: input.playerId, isFrozen: false, frozenAt: null, reason: null };
    await call.recordWithin(tx);
  });
  return { playerId: input.playerId, isFrozen: false, sessionsEnded: 0 };
}

export async function logOutEverywhere(
  bo: BackOfficeContext,
  input: { playerId: number },
  call: AuditedCall,
): Promise<TPlayerActionResult> {
  const { db, clock } = bo.app;
  const result = await db.transaction(async (tx) => {
    const state = await lockPlayer(tx, input.playerId);
    const ended = await endAllUserSessions(tx, clock, input.playerId);
    // The player's games at the studios end with their sessions here (modules/providers).
    await endStudioSessions(tx, input.playerId, clock.now());
    call.audit.before = { playerId: input.playerId, liveSessions: ended };
    call.audit.after = { playerId: input.playerId, liveSessions: 0 };
    await call.recordWithin(tx);
    return { ended, isFrozen: state.frozen_at !== null };
  });
  await forgetRevokedSessions(bo.app, { userId: input.playerId });
  return { playerId: input.playerId, isFrozen: result.isFrozen, sessionsEnded: result.ended };
}

/**
 * Clears the wrong-try count kept by the rate limiter (not the database): there is no transaction to
 * share, so the audit row is written first, and a row that cannot be written stops the unlock.
 */
export async function unlockPlayerWithdrawPassword(
  bo: BackOfficeContext,
  input: { playerId: number },
  call: AuditedCall,
): Promise<TPlayerActionResult> {
  const [player] = await bo.app.db.query<{ frozen_at: Date | null }>('select frozen_at from users where id = $1', [
    input.playerId,
  ]);
  if (!player) throw new Refusal('PLAYER_NOT_FOUND', `no player ${input.playerId}`);
  const before = await findWithdrawPasswordLock(bo.app, input.playerId);
  call.audit.before = { playerId: input.playerId, ...before };
  call.audit.after = { playerId: input.playerId, failures: 0, isLocked: false };
  await call.recordWithin(bo.app.db);
  await unlockWithdrawPassword(bo.app, input.playerId);
  return { playerId: input.playerId, isFrozen: player.frozen_at !== null, sessionsEnded: 0 };
}
