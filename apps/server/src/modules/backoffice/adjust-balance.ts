import { formatMoney } from '@mayur/contracts';
import type { TAdjustment } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { adjustmentsAccountId, postCashAdjustment } from '../wallet/adjust-player-cash.ts';
import { AdminError } from './admin-error.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import type { OperatorRow } from './operators.ts';
import type { AuditedCall } from './player-actions.ts';

// Balance adjustments with maker-checker (decision 0023): an operator asks for a signed amount with a
// reason; at or below ADMIN_SECOND_APPROVAL_ABOVE_RUPEES it is posted at once, above it waits for a
// second, different operator. The maker's request is their approval (adjustment_approvals, one row per
// operator), so the maker can never be the checker. Every decision runs under the request's row lock
// and posts only through the guarded pending → posted update, with the request's id as the transfer's
// idempotency key: however many approvals race, the money moves once. The audit row is written in the
// same transaction as the change.

type AdjustmentRow = {
  id: string;
  user_id: number;
  amount_paise: bigint;
  reason: string;
  status: TAdjustment['status'];
  requested_by_name: string;
  approvals: string[];
  decided_by_name: string | null;
  created_at: Date;
  decided_at: Date | null;
};

const SELECT_ADJUSTMENT = `select b.id::text as id, b.user_id, b.amount_paise, b.reason, b.status, r.name as requested_by_name,
         coalesce((select array_agg(o.name order by a.created_at) from adjustment_approvals a join operators o on o.id = a.operator_id
                   where a.adjustment_id = b.id), '{}') as approvals,
         d.name as decided_by_name, b.created_at, b.decided_at
  from balance_adjustments b join operators r on r.id = b.requested_by left join operators d on d.id = b.decided_by`;

function view(row: AdjustmentRow, secondApprovalAbovePaise: bigint): TAdjustment {
  const magnitude = row.amount_paise < 0n ? -row.amount_paise : row.amount_paise;
  return {
    id: row.id,
    playerId: row.user_id,
    amount: formatMoney(row.amount_paise),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by_name,
    approvals: row.approvals,
    needsSecondApproval: magnitude > secondApprovalAbovePaise,
    decidedBy: row.decided_by_name,
    createTime: row.created_at.toISOString(),
    decidedTime: row.decided_at?.toISOString() ?? null,
  };
}

async function readAdjustment(tx: Queryable, id: string): Promise<AdjustmentRow> {
  const [row] = await tx.query<AdjustmentRow>(`${SELECT_ADJUSTMENT} where b.id = $1::bigint`, [id]);
  if (!row) throw new AdminError('ADJUSTMENT_NOT_FOUND', `no adjustment ${id}`);
  return row;
}

/** Posts a waiting adjustment: the guarded update lets exactly one decision through, then the transfer. */
async function post(
  tx: Queryable,
  houseAccountId: number,
  row: { id: string; user_id: number; amount_paise: bigint },
  operatorId: string,
  now: Date,
) {
  const claimed = await tx.query(
    `update balance_adjustments set status = 'posted', decided_by = $2::bigint, decided_at = $3
     where id = $1::bigint and status = 'pending' returning id`,
    [row.id, operatorId, now],
  );
  if (claimed.length === 0) throw new AdminError('ADJUSTMENT_CLOSED', `adjustment ${row.id} is no longer pending`);
  const transfer = await postCashAdjustment(tx, {
    houseAccountId,
    userId: row.user_id,
    amountPaise: row.amount_paise,
    idempotencyKey: `adjustment-request:${row.id}`,
  });
  await tx.query('update balance_adjustments set transfer_id = $2 where id = $1::bigint', [row.id, transfer.id]);
}

export async function requestAdjustment(
  bo: BackOfficeContext,
  input: { playerId: number; amount: bigint; reason: string },
  operator: OperatorRow,
  call: AuditedCall,
): Promise<TAdjustment> {
  const { db, clock, config } = bo.app;
  const threshold = config.admin.secondApprovalAbovePaise;
  const houseAccountId = await adjustmentsAccountId(db);
  return db.transaction(async (tx) => {
    const [player] = await tx.query('select id from users where id = $1', [input.playerId]);
    if (!player) throw new AdminError('PLAYER_NOT_FOUND', `no player ${input.playerId}`);
    const now = clock.now();
    const [inserted] = await tx.query<{ id: string }>(
      `insert into balance_adjustments (user_id, amount_paise, reason, requested_by, created_at)
       values ($1, $2, $3, $4::bigint, $5) returning id::text as id`,
      [input.playerId, input.amount, input.reason, operator.id, now],
    );
    const id = inserted!.id;
    await tx.query(
      'insert into adjustment_approvals (adjustment_id, operator_id, created_at) values ($1::bigint, $2::bigint, $3)',
      [id, operator.id, now],
    );
    const magnitude = input.amount < 0n ? -input.amount : input.amount;
    if (magnitude <= threshold)
      await post(tx, houseAccountId, { id, user_id: input.playerId, amount_paise: input.amount }, operator.id, now);
    const after = view(await readAdjustment(tx, id), threshold);
    call.audit.before = null;
    call.audit.after = after;
    await call.recordWithin(tx);
    return after;
  });
}

export async function approveAdjustment(
  bo: BackOfficeContext,
  adjustmentId: string,
  operator: OperatorRow,
  call: AuditedCall,
): Promise<TAdjustment> {
  const { db, clock, config } = bo.app;
  const threshold = config.admin.secondApprovalAbovePaise;
  const houseAccountId = await adjustmentsAccountId(db);
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ id: string; user_id: number; amount_paise: bigint; status: string }>(
      'select id::text as id, user_id, amount_paise, status from balance_adjustments where id = $1::bigint for update',
      [adjustmentId],
    );
    if (!locked) throw new AdminError('ADJUSTMENT_NOT_FOUND', `no adjustment ${adjustmentId}`);
    if (locked.status !== 'pending') throw new AdminError('ADJUSTMENT_CLOSED', `adjustment ${adjustmentId} is ${locked.status}`);
    const before = view(await readAdjustment(tx, adjustmentId), threshold);
    const now = clock.now();
    const approved = await tx.query(
      `insert into adjustment_approvals (adjustment_id, operator_id, created_at) values ($1::bigint, $2::bigint, $3)
       on conflict do nothing returning operator_id`,
      [adjustmentId, operator.id, now],
    );
    if (approved.length === 0) throw new AdminError('APPROVAL_ALREADY_GIVEN', `operator ${operator.id} asked for or approved it`);
    await post(tx, houseAccountId, locked, operator.id, now);
    const after = view(await readAdjustment(tx, adjustmentId), threshold);
    call.audit.before = before;
    call.audit.after = after;
    await call.recordWithin(tx);
    return after;
  });
}

export async function rejectAdjustment(
  bo: BackOfficeContext,
  adjustmentId: string,
  operator: OperatorRow,
  call: AuditedCall,
): Promise<TAdjustment> {
  const { db, clock, config } = bo.app;
  const threshold = config.admin.secondApprovalAbovePaise;
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ status: string }>(
      'select status from balance_adjustments where id = $1::bigint for update',
      [adjustmentId],
    );
    if (!locked) throw new AdminError('ADJUSTMENT_NOT_FOUND', `no adjustment ${adjustmentId}`);
    if (locked.status !== 'pending') throw new AdminError('ADJUSTMENT_CLOSED', `adjustment ${adjustmentId} is ${locked.status}`);
    const before = view(await readAdjustment(tx, adjustmentId), threshold);
    await tx.query(
      `update balance_adjustments set status = 'rejected', decided_by = $2::bigint, decided_at = $3 where id = $1::bigint`,
      [adjustmentId, operator.id, clock.now()],
    );
    const after = view(await readAdjustment(tx, adjustmentId), threshold);
    call.audit.before = before;
    call.audit.after = after;
    await call.recordWithin(tx);
    return after;
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
    list: rows.map((row) => view(row, secondApprovalAbovePaise)),
    total: count!.total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** A player's latest adjustments, for their page. */
export async function findPlayerAdjustments(db: Queryable, playerId: number, secondApprovalAbovePaise: bigint) {
  const rows = await db.query<AdjustmentRow>(`${SELECT_ADJUSTMENT} where b.user_id = $1 order by b.id desc limit 50`, [playerId]);
  return rows.map((row) => view(row, secondApprovalAbovePaise));
}
