import { randomBytes } from 'node:crypto';
import type { OperatorRole, TOperator } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { Refusal } from '../../platform/refusal.ts';

// Operator accounts: created with a one-time password (argon2id, the players' parameters), listed,
// reset, disabled. The CLI's operator:create and the console's Operators screen both end in
// createOperator; the console's powers over accounts (a fresh code, the password e-mailed, a second
// owner for another owner) are operator-powers.ts.

export type OperatorRow = {
  id: string;
  name: string;
  login: string;
  password_hash: string;
  role: OperatorRole;
  must_change_password: boolean;
  totp_secret_sealed: string | null;
  totp_pending_sealed: string | null;
  totp_last_step: string | null;
  is_disabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
  email: string | null;
};

export const OPERATOR_COLUMNS = `id::text as id, name, login, password_hash, role, must_change_password, totp_secret_sealed,
  totp_pending_sealed, totp_last_step::text as totp_last_step, is_disabled, created_at, last_sign_in_at, email`;

/** What any endpoint may show of an operator: never a hash or a secret. */
export function operatorView(row: OperatorRow): TOperator {
  return {
    id: row.id,
    name: row.name,
    login: row.login,
    role: row.role,
    isDisabled: row.is_disabled,
    isTotpEnrolled: row.totp_secret_sealed !== null,
    createTime: row.created_at.toISOString(),
    lastSignInTime: row.last_sign_in_at?.toISOString() ?? null,
  };
}

export async function findOperator(db: Queryable, operatorId: string, isLocked = false): Promise<OperatorRow> {
  const rows = await db.query<OperatorRow>(
    `select ${OPERATOR_COLUMNS} from operators where id = $1::bigint${isLocked ? ' for update' : ''}`,
    [operatorId],
  );
  if (!rows[0]) throw new Refusal('OPERATOR_NOT_FOUND', `no operator ${operatorId}`);
  return rows[0];
}

export async function findOperatorByLogin(db: Queryable, login: string): Promise<OperatorRow | undefined> {
  const rows = await db.query<OperatorRow>(`select ${OPERATOR_COLUMNS} from operators where login = $1`, [login]);
  return rows[0];
}

export async function listOperators(db: Queryable): Promise<TOperator[]> {
  const rows = await db.query<OperatorRow>(`select ${OPERATOR_COLUMNS} from operators order by id`);
  return rows.map(operatorView);
}

/** 20 random bytes as base64url (27 characters): handed over once, replaced at enrolment. */
export function oneTimePassword(): string {
  return randomBytes(20).toString('base64url');
}

/** `email`: where a one-time password is sent (the console requires one; the CLI's first owner may have none). */
export type NewOperator = { name: string; login: string; role: OperatorRole; email?: string | null; createdBy: string | null };

export async function createOperator(
  db: Queryable,
  hasher: PasswordHasher,
  input: NewOperator,
  now: Date,
  password = oneTimePassword(),
): Promise<{ operator: TOperator; oneTimePassword: string }> {
  const passwordHash = await hasher.hash(password);
  const rows = await db.query<OperatorRow>(
    `insert into operators (name, login, password_hash, role, email, created_by, created_at) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (login) do nothing returning ${OPERATOR_COLUMNS}`,
    [input.name, input.login, passwordHash, input.role, input.email ?? null, input.createdBy, now],
  );
  if (!rows[0]) throw new Refusal('OPERATOR_EXISTS', `login "${input.login}" is taken`);
  return { operator: operatorView(rows[0]), oneTimePassword: password };
}

/** Disables an operator and revokes every session of theirs, in one transaction; returns before and after. */
export async function disableOperator(db: Queryable, operatorId: string, actorId: string, now: Date) {
  if (operatorId === actorId) throw new Refusal('CANNOT_DISABLE_SELF');
  const before = await findOperator(db, operatorId, true);
  const [after] = await db.query<OperatorRow>(
    `update operators set is_disabled = true where id = $1::bigint returning ${OPERATOR_COLUMNS}`,
    [operatorId],
  );
  await db.query('update operator_sessions set revoked_at = $2 where operator_id = $1::bigint and revoked_at is null', [
    operatorId,
    now,
  ]);
  return { before: operatorView(before), after: operatorView(after!) };
}

/**
 * Resets an operator who lost their phone and their recovery codes: a new one-time password, the
 * two-factor secret and recovery codes gone (the next sign-in enrols again), every session ended.
 */
export async function resetOperator(
  db: Queryable,
  hasher: PasswordHasher,
  operatorId: string,
  actorId: string,
  now: Date,
  password = oneTimePassword(),
) {
  if (operatorId === actorId) throw new Refusal('CANNOT_RESET_SELF');
  const before = await findOperator(db, operatorId, true);
  // Who reset whom and when starts a cooling period in which neither approves the other's requests.
  const [after] = await db.query<OperatorRow>(
    `update operators set password_hash = $2, must_change_password = true, totp_secret_sealed = null, totp_pending_sealed = null,
       enrolment_token_hash = null, enrolment_expires_at = null, reset_by = $3::bigint, reset_at = $4
     where id = $1::bigint returning ${OPERATOR_COLUMNS}`,
    [operatorId, await hasher.hash(password), actorId, now],
  );
  await db.query('delete from operator_recovery_codes where operator_id = $1::bigint', [operatorId]);
  await db.query('update operator_sessions set revoked_at = $2 where operator_id = $1::bigint and revoked_at is null', [
    operatorId,
    now,
  ]);
  return { before: operatorView(before), after: operatorView(after!), email: before.email, oneTimePassword: password };
}
