import { kolkataDay } from '@mayur/rules/kolkata-day';
import type { Queryable } from '../../platform/db/db.ts';
import type { Approver } from './approver.ts';

// Maker-checker per item alone lets one operator split a large sum into many small ones. So what an
// operator moves to players on their own approval adds up, per India-time day, per operator and per
// player, against the same amount that needs a second approver per item
// (ADMIN_SECOND_APPROVAL_ABOVE_RUPEES): past it, every further movement waits for a second, different
// approver, whatever its size. The counters are rows locked in one order (by scope) in the caller's
// transaction, so racing approvals on any node add up exactly and never deadlock each other.

export type AllowanceRequest = {
  approver: Approver;
  /** The player the money goes to, when there is one (a gift code's value has none yet). */
  playerId: number | null;
  amountPaise: bigint;
  limitPaise: bigint;
  nowMs: number;
};

function scopesOf(request: AllowanceRequest): string[] {
  const scopes = [request.approver.key];
  if (request.playerId !== null) scopes.push(`player:${request.playerId}`);
  return scopes.sort();
}

/**
 * Takes the amount from today's allowance of the approver and of the player, in the caller's
 * transaction, and answers true; or takes nothing and answers false when either would pass the limit.
 */
export async function takeSingleApprovalAllowance(tx: Queryable, request: AllowanceRequest): Promise<boolean> {
  if (request.amountPaise <= 0n) throw new Error(`an allowance is taken for a positive amount, not ${request.amountPaise}`);
  if (request.amountPaise > request.limitPaise) return false;
  const scopes = scopesOf(request);
  const day = kolkataDay(request.nowMs);
  await tx.query(
    `insert into single_approval_allowances (scope, day, used_paise) select unnest($1::text[]), $2::date, 0
     on conflict (scope, day) do nothing`,
    [scopes, day],
  );
  const rows = await tx.query<{ scope: string; used_paise: bigint }>(
    'select scope, used_paise from single_approval_allowances where day = $2::date and scope = any($1::text[]) order by scope for update',
    [scopes, day],
  );
  if (rows.some((row) => row.used_paise + request.amountPaise > request.limitPaise)) return false;
  await tx.query(
    'update single_approval_allowances set used_paise = used_paise + $3 where day = $2::date and scope = any($1::text[])',
    [scopes, day, request.amountPaise],
  );
  return true;
}

/** What is left today of an approver's allowance (for the console to say so before anybody asks). */
export async function remainingAllowance(db: Queryable, scope: string, limitPaise: bigint, nowMs: number): Promise<bigint> {
  const [row] = await db.query<{ used_paise: bigint }>(
    'select used_paise from single_approval_allowances where scope = $1 and day = $2::date',
    [scope, kolkataDay(nowMs)],
  );
  const left = limitPaise - (row?.used_paise ?? 0n);
  return left > 0n ? left : 0n;
}
