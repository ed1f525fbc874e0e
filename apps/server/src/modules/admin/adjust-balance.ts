import { formatMoney } from '@mayur/rules/money';
import type { TAdjustment } from '@mayur/contracts/admin';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { isAboveSingleApproval, type ApprovalRules } from '../approvals/approval-rules.ts';
import type { Approver } from '../approvals/approver.ts';
import { assertNotCoolingPair } from '../approvals/approver-rules.ts';
import { takeSingleApprovalAllowance } from '../approvals/single-approval-allowance.ts';
import { adjustmentsAccountId, postCashAdjustment } from '../wallet/adjust-player-cash.ts';
import { Refusal } from '../../platform/refusal.ts';

// Balance adjustments with maker-checker (decision 0023, 0029), from the console and the CLI's
// user:adjust alike. An operator asks for a signed amount with a reason; the request is the maker's
// approval (adjustment_approvals, one row per approver key), so the maker can never be the checker.
// It is posted at once on the maker's approval alone only when its amount is at or below
// ADMIN_SECOND_APPROVAL_ABOVE_RUPEES and, for a credit, fits in what is left of today's
// single-approval allowance of the maker and of the player; otherwise it waits for a second,
// different approver (not freshly bound to the maker, approvals/approver-rules.ts). Every decision
// runs under the request's row lock and posts only through the guarded pending → posted update, with
// the request's id as the transfer's idempotency key: however many approvals race, the money moves
// once. `within` runs in the decision's transaction (the console writes its audit row there).

export type AdjustmentDeps = { db: Db; clock: Clock; rules: ApprovalRules };
export type WithinAdjustment = (tx: Queryable, before: TAdjustment | null, after: TAdjustment) => Promise<void>;
const NOTHING_WITHIN: WithinAdjustment = async () => undefined;

type AdjustmentRow = {
  id: string;
  user_id: number;
  amount_paise: bigint;
  reason: string;
  status: TAdjustment['status'];
  requested_by_key: string;
  requested_by_name: string;
  approver_keys: string[];
  approvals: string[];
  decided_by_name: string | null;
  is_single_approval: boolean;
  created_at: Date;
  decided_at: Date | null;
};

const SELECT_ADJUSTMENT = `select b.id::text as id, b.user_id, b.amount_paise, b.reason, b.status, b.requested_by_key,
         coalesce(r.name, b.requested_by_key) as requested_by_name,
         coalesce((select array_agg(a.approver order by a.created_at) from adjustment_approvals a where a.adjustment_id = b.id), '{}') as approver_keys,
         coalesce((select array_agg(coalesce(o.name, a.approver) order by a.created_at)
                   from adjustment_approvals a left join operators o on o.id = a.operator_id
                   where a.adjustment_id = b.id), '{}') as approvals,
         coalesce(d.name, b.decided_by_key) as decided_by_name, b.is_single_approval, b.created_at, b.decided_at
  from balance_adjustments b left join operators r on r.id = b.requested_by left join operators d on d.id = b.decided_by`;

function view(row: AdjustmentRow): TAdjustment {
  return {
    id: row.id,
    playerId: row.user_id,
    amount: formatMoney(row.amount_paise),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by_name,
    requestedByKey: row.requested_by_key,
    approvals: row.approvals,
    approverKeys: row.approver_keys,
    needsSecondApproval: !row.is_single_approval,
    decidedBy: row.decided_by_name,
    createTime: row.created_at.toISOString(),
    decidedTime: row.decided_at?.toISOString() ?? null,
  };
}

async function readAdjustment(tx: Queryable, id: string): Promise<TAdjustment> {
  const [row] = await tx.query<AdjustmentRow>(`${SELECT_ADJUSTMENT} where b.id = $1::bigint`, [id]);
  if (!row) throw new Refusal('ADJUSTMENT_NOT_FOUND', `no adjustment ${id}`);
  return view(row);
}

/** Posts a waiting adjustment: the guarded update lets exactly one decision through, then the transfer. */
async function post(
  tx: Queryable,
  houseAccountId: number,
  row: { id: string; user_id: number; amount_paise: bigint },
  decider: Approver,
  now: Date,
) {
  const claimed = await tx.query(
    `update balance_adjustments set status = 'posted', decided_by = $2::bigint, decided_by_key = $3, decided_at = $4
     where id = $1::bigint and status = 'pending' returning id`,
    [row.id, decider.operatorId, decider.key, now],
  );
  if (claimed.length === 0) throw new Refusal('ADJUSTMENT_CLOSED', `adjustment ${row.id} is no longer pending`);
  const transfer = await postCashAdjustment(tx, {
    houseAccountId,
    userId: row.user_id,
    amountPaise: row.amount_paise,
    idempotencyKey: `adjustment-request:${row.id}`,
  });
  await tx.query('update balance_adjustments set transfer_id = $2 where id = $1::bigint', [row.id, transfer.id]);
}

/** Whether the maker's approval alone may post it: small enough, and a credit within today's allowances. */
async function isPostedAlone(tx: Queryable, deps: AdjustmentDeps, maker: Approver, playerId: number, amountPaise: bigint) {
  const magnitude = amountPaise < 0n ? -amountPaise : amountPaise;
  if (isAboveSingleApproval(magnitude, deps.rules)) return false;
  // A debit moves money from the player to the house: only a credit draws on the allowance.
  if (amountPaise < 0n) return true;
  return takeSingleApprovalAllowance(tx, {
    approver: maker,
    playerId,
    amountPaise,
    limitPaise: deps.rules.secondApprovalAbovePaise,
    nowMs: deps.clock.now().getTime(),
  });
}

export type AdjustmentInput = { playerId: number; amount: bigint; reason: string; requestKey?: string };

/** The request already made with this key, when the same command runs again; a different one under the key is refused. */
async function findByRequestKey(tx: Queryable, input: AdjustmentInput): Promise<TAdjustment | null> {
  if (input.requestKey === undefined) return null;
  const [row] = await tx.query<{ id: string; user_id: number; amount_paise: bigint; reason: string }>(
    'select id::text as id, user_id, amount_paise, reason from balance_adjustments where request_key = $1',
    [input.requestKey],
  );
  if (!row) return null;
  if (row.user_id !== input.playerId || row.amount_paise !== input.amount || row.reason !== input.reason)
    throw new Refusal('IDEMPOTENCY_CONFLICT', `request key ${input.requestKey} was used for adjustment ${row.id}`);
  return readAdjustment(tx, row.id);
}

export async function requestAdjustment(
  deps: AdjustmentDeps,
  input: AdjustmentInput,
  maker: Approver,
  within: WithinAdjustment = NOTHING_WITHIN,
): Promise<{ adjustment: TAdjustment; isReplay: boolean }> {
  const houseAccountId = await adjustmentsAccountId(deps.db);
  return deps.db.transaction(async (tx) => {
    const [player] = await tx.query('select id from users where id = $1', [input.playerId]);
    if (!player) throw new Refusal('PLAYER_NOT_FOUND', `no player ${input.playerId}`);
    const now = deps.clock.now();
    // A retry key already taken (the same command again, or in parallel) answers the request made with it.
    const [inserted] = await tx.query<{ id: string }>(
      `insert into balance_adjustments (user_id, amount_paise, reason, requested_by, requested_by_key, request_key, created_at)
       values ($1, $2, $3, $4::bigint, $5, $6, $7) on conflict (request_key) do nothing returning id::text as id`,
      [input.playerId, input.amount, input.reason, maker.operatorId, maker.key, input.requestKey ?? null, now],
    );
    if (!inserted) return { adjustment: (await findByRequestKey(tx, input))!, isReplay: true };
    const id = inserted!.id;
    await tx.query(
      'insert into adjustment_approvals (adjustment_id, operator_id, approver, created_at) values ($1::bigint, $2::bigint, $3, $4)',
      [id, maker.operatorId, maker.key, now],
    );
    if (await isPostedAlone(tx, deps, maker, input.playerId, input.amount)) {
      await tx.query('update balance_adjustments set is_single_approval = true where id = $1::bigint', [id]);
      await post(tx, houseAccountId, { id, user_id: input.playerId, amount_paise: input.amount }, maker, now);
    }
    const after = await readAdjustment(tx, id);
    await within(tx, null, after);
    return { adjustment: after, isReplay: false };
  });
}

type LockedAdjustment = {
  id: string;
  user_id: number;
  amount_paise: bigint;
  status: string;
  requested_by: string | null;
  requested_by_key: string;
};

async function lockPending(tx: Queryable, adjustmentId: string): Promise<LockedAdjustment> {
  const [locked] = await tx.query<LockedAdjustment>(
    `select id::text as id, user_id, amount_paise, status, requested_by::text as requested_by, requested_by_key
     from balance_adjustments where id = $1::bigint for update`,
    [adjustmentId],
  );
  if (!locked) throw new Refusal('ADJUSTMENT_NOT_FOUND', `no adjustment ${adjustmentId}`);
  if (locked.status !== 'pending') throw new Refusal('ADJUSTMENT_CLOSED', `adjustment ${adjustmentId} is ${locked.status}`);
  return locked;
}

/**
 * Decides a pending adjustment in one transaction: locked first (refused unless pending), then the
 * decision, with the adjustment as it was before and is after handed to `within`.
 */
function decidePending(
  deps: AdjustmentDeps,
  adjustmentId: string,
  within: WithinAdjustment,
  decide: (tx: Queryable, locked: LockedAdjustment, before: TAdjustment) => Promise<void>,
): Promise<TAdjustment> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockPending(tx, adjustmentId);
    const before = await readAdjustment(tx, adjustmentId);
    await decide(tx, locked, before);
    const after = await readAdjustment(tx, adjustmentId);
    await within(tx, before, after);
    return after;
  });
}

export async function approveAdjustment(
  deps: AdjustmentDeps,
  adjustmentId: string,
  checker: Approver,
  within: WithinAdjustment = NOTHING_WITHIN,
): Promise<TAdjustment> {
  const houseAccountId = await adjustmentsAccountId(deps.db);
  return decidePending(deps, adjustmentId, within, async (tx, locked, before) => {
    if (before.approverKeys.includes(checker.key))
      throw new Refusal('APPROVAL_ALREADY_GIVEN', `${checker.key} asked for or approved it`);
    const now = deps.clock.now();
    const maker: Approver = { key: locked.requested_by_key, operatorId: locked.requested_by, actor: locked.requested_by_key };
    await assertNotCoolingPair(tx, { maker, checker }, { coolingMs: deps.rules.approverCoolingMs, nowMs: now.getTime() });
    await tx.query(
      'insert into adjustment_approvals (adjustment_id, operator_id, approver, created_at) values ($1::bigint, $2::bigint, $3, $4)',
      [adjustmentId, checker.operatorId, checker.key, now],
    );
    await post(tx, houseAccountId, locked, checker, now);
  });
}

export async function rejectAdjustment(
  deps: AdjustmentDeps,
  adjustmentId: string,
  decider: Approver,
  within: WithinAdjustment = NOTHING_WITHIN,
): Promise<TAdjustment> {
  return decidePending(deps, adjustmentId, within, async (tx) => {
    await tx.query(
      `update balance_adjustments set status = 'rejected', decided_by = $2::bigint, decided_by_key = $3, decided_at = $4
       where id = $1::bigint`,
      [adjustmentId, decider.operatorId, decider.key, deps.clock.now()],
    );
  });
}

const LIST_STATUSES: Record<string, string[]> = {
  pending: ['pending'],
  posted: ['posted'],
  rejected: ['rejected'],
  all: ['pending', 'posted', 'rejected'],
};

export async function findAdjustments(
  db: Queryable,
  query: { status: string; pageNum: number; pageSize: number },
  secondApprovalAbovePaise: bigint,
) {
  const statuses = LIST_STATUSES[query.status] ?? LIST_STATUSES.pending!;
  const [count] = await db.query<{ total: number }>(
    'select count(*)::int as total from balance_adjustments where status = any($1)',
    [statuses],
  );
  const rows = await db.query<AdjustmentRow>(
    `${SELECT_ADJUSTMENT} where b.status = any($1) order by b.id desc limit $2 offset $3`,
    [statuses, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    secondApprovalAbove: formatMoney(secondApprovalAbovePaise),
    list: rows.map(view),
    total: count!.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** A player's latest adjustments, for their page. */
export async function findPlayerAdjustments(db: Queryable, playerId: number) {
  const rows = await db.query<AdjustmentRow>(`${SELECT_ADJUSTMENT} where b.user_id = $1 order by b.id desc limit 50`, [playerId]);
  return rows.map(view);
}
