import { randomBytes } from 'node:crypto';
import { OPERATOR_SESSION_MAX_MS } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import { OPERATOR_COLUMNS, type OperatorRow } from './operators.ts';
import { sha256Hex } from './totp.ts';

// Operator sessions: a random bearer token (kept only as its SHA-256), at most 8 hours from sign-in
// however active, revocable (sign-out, disabling the operator). Read from the database on every
// request: operators are few, and a revoked session must stop at once on every node.

export const OPERATOR_TOKEN_PREFIX = 'op_';

export type OperatorPrincipal = { operator: OperatorRow; sessionId: string; expiresAt: Date };

export async function openOperatorSession(
  db: Queryable,
  operatorId: string,
  now: Date,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = OPERATOR_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_MAX_MS);
  await db.query(
    `insert into operator_sessions (operator_id, token_hash, created_at, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5, $6)`,
    [operatorId, sha256Hex(token), now, expiresAt, meta.ip, meta.userAgent],
  );
  return { token, expiresAt };
}

/** The operator behind a bearer token, or null when it is unknown, expired, revoked or the operator is disabled. */
export async function authenticateOperator(
  db: Queryable,
  header: string | undefined,
  now: Date,
): Promise<OperatorPrincipal | null> {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token || !token.startsWith(OPERATOR_TOKEN_PREFIX) || token.length > 200) return null;
  const rows = await db.query<OperatorRow & { session_id: string; expires_at: Date }>(
    `select s.id::text as session_id, s.expires_at, ${OPERATOR_COLUMNS.replace(/(^|,\s*)(?=\w)/g, '$1o.')}
     from operator_sessions s join operators o on o.id = s.operator_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and not o.is_disabled`,
    [sha256Hex(token), now],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_id: sessionId, expires_at: expiresAt, ...operator } = row;
  return { operator, sessionId, expiresAt };
}

export async function revokeOperatorSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('update operator_sessions set revoked_at = $2 where id = $1::bigint and revoked_at is null', [sessionId, now]);
}

/**
 * Whether the operator opened a session from this source (an IPv4 address, an IPv6 /64) since `since`:
 * an address of their own (their office, their home), where a guarded login still takes the app's code.
 */
export async function hasSignedInFrom(db: Queryable, operatorId: string, ip: string, since: Date): Promise<boolean> {
  const rows = await db.query<{ ip: string }>(
    `select distinct ip from operator_sessions where operator_id = $1::bigint and created_at > $2 limit 200`,
    [operatorId, since],
  );
  const source = sourceKey(ip);
  return rows.some((row) => sourceKey(row.ip) === source);
}
