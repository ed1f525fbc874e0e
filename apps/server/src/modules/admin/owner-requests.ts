import type { TOwnerRequest } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { storableJsonText } from '../../platform/db/storable-json.ts';
import { Refusal } from '../../platform/refusal.ts';
import { OPERATOR_COLUMNS, operatorView, type OperatorRow } from './operators.ts';

// Changes one owner may ask for but not make alone (decision 0029): resetting or disabling another
// owner (whoever holds two owner accounts holds the console), and an agent programme beyond the
// single-owner bounds. The request is a row; a second, different owner approves it (the change is made
// then, in the approval's transaction) or rejects it. A request is decided once, under its row lock.

export type OwnerRequestKind = TOwnerRequest['kind'];

type OwnerRequestRow = {
  id: string;
  kind: OwnerRequestKind;
  subject_operator_id: string | null;
  payload: Record<string, unknown>;
  requested_by: string;
  requested_by_name: string;
  requested_at: Date;
  status: TOwnerRequest['status'];
  decided_by_name: string | null;
  decided_at: Date | null;
};

const SELECT_REQUEST = `select q.id::text as id, q.kind, q.subject_operator_id::text as subject_operator_id, q.payload,
    q.requested_by::text as requested_by, r.name as requested_by_name, q.requested_at, q.status, d.name as decided_by_name, q.decided_at
  from owner_requests q join operators r on r.id = q.requested_by left join operators d on d.id = q.decided_by`;

async function subjectOf(tx: Queryable, operatorId: string | null): Promise<OperatorRow | null> {
  if (operatorId === null) return null;
  const [row] = await tx.query<OperatorRow>(`select ${OPERATOR_COLUMNS} from operators where id = $1::bigint`, [operatorId]);
  return row ?? null;
}

async function view(tx: Queryable, row: OwnerRequestRow): Promise<TOwnerRequest> {
  const subject = await subjectOf(tx, row.subject_operator_id);
  return {
    id: row.id,
    kind: row.kind,
    subject: subject ? operatorView(subject) : null,
    payload: row.payload,
    requestedBy: row.requested_by_name,
    requestedById: row.requested_by,
    requestTime: row.requested_at.toISOString(),
    status: row.status,
    decidedBy: row.decided_by_name,
    decidedTime: row.decided_at?.toISOString() ?? null,
  };
}

export async function readOwnerRequest(tx: Queryable, id: string): Promise<TOwnerRequest> {
  const [row] = await tx.query<OwnerRequestRow>(`${SELECT_REQUEST} where q.id = $1::bigint`, [id]);
  if (!row) throw new Refusal('OWNER_REQUEST_NOT_FOUND', `no owner request ${id}`);
  return view(tx, row);
}

/** Records a request for a second owner, in the caller's transaction; one waiting request per kind and subject. */
export async function askSecondOwner(
  tx: Queryable,
  request: { kind: OwnerRequestKind; subjectOperatorId: string | null; payload: unknown; requestedBy: string; now: Date },
): Promise<TOwnerRequest> {
  const [waiting] = await tx.query<{ id: string }>(
    `select id::text as id from owner_requests where status = 'pending' and kind = $1
       and subject_operator_id is not distinct from $2::bigint`,
    [request.kind, request.subjectOperatorId],
  );
  if (waiting && request.kind !== 'agent-programme') return readOwnerRequest(tx, waiting.id);
  const [inserted] = await tx.query<{ id: string }>(
    `insert into owner_requests (kind, subject_operator_id, payload, requested_by, requested_at)
     values ($1, $2::bigint, $3, $4::bigint, $5) returning id::text as id`,
    [request.kind, request.subjectOperatorId, storableJsonText(request.payload), request.requestedBy, request.now],
  );
  return readOwnerRequest(tx, inserted!.id);
}

/** The waiting requests, oldest first, then the 20 latest decided ones. */
export async function listOwnerRequests(db: Queryable): Promise<TOwnerRequest[]> {
  const rows = await db.query<OwnerRequestRow>(
    `(${SELECT_REQUEST} where q.status = 'pending' order by q.id limit 100)
     union all (${SELECT_REQUEST} where q.status <> 'pending' order by q.id desc limit 20)`,
  );
  return Promise.all(rows.map((row) => view(db, row)));
}

/** A waiting request (locked for its decision when asked to); its maker never decides it. */
export async function lockWaitingRequest(
  tx: Queryable,
  id: string,
  deciderId: string,
  isLocked: boolean,
): Promise<OwnerRequestRow> {
  const [row] = await tx.query<OwnerRequestRow>(
    `${SELECT_REQUEST} where q.id = $1::bigint${isLocked ? ' for update of q' : ''}`,
    [id],
  );
  if (!row) throw new Refusal('OWNER_REQUEST_NOT_FOUND', `no owner request ${id}`);
  if (row.status !== 'pending') throw new Refusal('OWNER_REQUEST_CLOSED', `owner request ${id} is ${row.status}`);
  if (row.requested_by === deciderId)
    throw new Refusal('APPROVAL_ALREADY_GIVEN', `operator ${deciderId} asked for request ${id}`);
  return row;
}

export async function closeOwnerRequest(
  tx: Queryable,
  id: string,
  status: 'approved' | 'rejected',
  deciderId: string,
  now: Date,
) {
  await tx.query(`update owner_requests set status = $2, decided_by = $3::bigint, decided_at = $4 where id = $1::bigint`, [
    id,
    status,
    deciderId,
    now,
  ]);
}
