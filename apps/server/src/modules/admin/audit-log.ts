import { csvCell, type TAuditEntry } from '@mayur/contracts/admin';

/** The one CSV rule of the back office (contracts/admin/csv.ts), for the server's exports too. */
export { csvCell };
import type { z } from 'zod';
import type { ZAuditListRequest } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { storableJsonText, wellFormedText } from '../../platform/db/storable-json.ts';

// The back office writes to the same append-only admin_audit_log as the CLI (its trigger forbids
// update and delete), with the operator, the address, and the record before and after a change. A row
// must never fail for what it records: text is made well formed and every part bounded first
// (platform/db/storable-json.ts), so the only way to lose a row is to lose the database, and then the
// change it belongs to is lost with it.

const MAX_ACTOR_LENGTH = 200;
const MAX_OUTCOME_LENGTH = 1000;

export type AuditRecord = {
  actor: string;
  operatorId: string | null;
  action: string;
  details: unknown;
  outcome: string;
  ip: string;
  before?: unknown;
  after?: unknown;
  at: Date;
};

export async function writeAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.query(
    `insert into admin_audit_log (actor, operator_id, action, details, outcome, ip, before, after, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      wellFormedText(record.actor.slice(0, MAX_ACTOR_LENGTH)),
      record.operatorId,
      record.action,
      storableJsonText(record.details ?? {}),
      wellFormedText(record.outcome.slice(0, MAX_OUTCOME_LENGTH)),
      wellFormedText(record.ip),
      record.before === undefined ? null : storableJsonText(record.before),
      record.after === undefined ? null : storableJsonText(record.after),
      record.at,
    ],
  );
}

type AuditRow = {
  id: string;
  created_at: Date;
  actor: string;
  operator_id: string | null;
  action: string;
  outcome: string;
  ip: string | null;
  details: unknown;
  before: unknown;
  after: unknown;
};

export async function findAuditLog(db: Queryable, query: z.output<typeof ZAuditListRequest>) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.operatorId) where.push(`operator_id = $${params.push(query.operatorId)}::bigint`);
  if (query.action) where.push(`action = $${params.push(query.action)}`);
  const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from admin_audit_log ${filter}`, params);
  // Ordered by the column, not by the output's text `id` (which would put 9 before 56 before 5).
  const rows = await db.query<AuditRow>(
    `select id::text as id, created_at, actor, operator_id::text as operator_id, action, outcome, ip, details, before, after
     from admin_audit_log ${filter} order by admin_audit_log.id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  const list: TAuditEntry[] = rows.map((row) => ({
    id: row.id,
    createTime: row.created_at.toISOString(),
    actor: row.actor,
    operatorId: row.operator_id,
    action: row.action,
    outcome: row.outcome,
    ip: row.ip,
    details: row.details,
    before: row.before,
    after: row.after,
  }));
  return { list, total: count!.total, pageNum: query.pageNum, pageSize: query.pageSize };
}

const CSV_COLUMNS = ['id', 'time', 'actor', 'operator id', 'action', 'outcome', 'address', 'request', 'before', 'after'] as const;

/** The audit log as CSV, cells quoted by the one rule and never a formula when a spreadsheet opens it. */
export async function exportAuditLog(db: Queryable, filter: { operatorId?: string; action?: string }, maxRows: number) {
  const page = await findAuditLog(db, { ...filter, pageNum: 1, pageSize: maxRows });
  const lines = [
    CSV_COLUMNS.join(','),
    ...page.list.map((entry) =>
      [
        entry.id,
        entry.createTime,
        entry.actor,
        entry.operatorId,
        entry.action,
        entry.outcome,
        entry.ip,
        entry.details,
        entry.before,
        entry.after,
      ]
        .map(csvCell)
        .join(','),
    ),
  ];
  return { csv: `${lines.join('\r\n')}\r\n`, rowCount: page.list.length, isTruncated: page.total > page.list.length };
}
