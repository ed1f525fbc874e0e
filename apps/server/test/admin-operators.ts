import { TOTP, URI } from 'otpauth';
import type { OperatorRole } from '@mayur/contracts/admin';
import type { TestServer } from './test-server.ts';
import { createOperator } from '../src/modules/admin/operators.ts';

// Test support for the back office: operators created directly, signed in through the API with codes
// computed from their enrolment (the same library an authenticator app's algorithm is checked against).

export type SignedInOperator = {
  id: string;
  login: string;
  role: OperatorRole;
  token: string;
  secret: string;
  password: string;
  recoveryCodes: string[];
};

let sequence = 0;

export async function adminCall(
  server: TestServer,
  path: string,
  body: unknown = {},
  options: { token?: string; ip?: string } = {},
) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/admin-api${path}`,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    payload: JSON.stringify(body),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export function totpCode(secret: string, atMs: number): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: atMs });
}

export function secretOf(otpauthUri: string): string {
  return (URI.parse(otpauthUri) as TOTP).secret.base32;
}

/** Creates an operator and takes them through enrolment; the clock moves one step so their next code is fresh. */
export async function signedInOperator(
  server: TestServer,
  role: OperatorRole,
  ip = `10.77.${(sequence + 1) >> 8}.${(sequence + 1) & 255}`,
): Promise<SignedInOperator> {
  sequence += 1;
  const login = `${role}-${sequence}@ops.test`;
  const created = await createOperator(
    server.ctx.db,
    server.hasher,
    { name: `${role} ${sequence}`, login, role, email: login, createdBy: null },
    server.clock.now(),
  );
  const first = await adminCall(server, '/auth/signIn', { login, password: created.oneTimePassword }, { ip });
  if (first.body.obj?.status !== 'enrolmentRequired') throw new Error(`no enrolment: ${JSON.stringify(first.body)}`);
  const secret = secretOf(first.body.obj.otpauthUri);
  const password = `own password ${sequence} of ${role}`;
  const confirmed = await adminCall(
    server,
    '/auth/confirmEnrolment',
    {
      enrolmentToken: first.body.obj.enrolmentToken,
      code: totpCode(secret, server.clock.now().getTime()),
      newPassword: password,
    },
    { ip },
  );
  if (confirmed.body.res !== 1) throw new Error(`enrolment refused: ${JSON.stringify(confirmed.body)}`);
  server.clock.advance(30_000);
  return {
    id: created.operator.id,
    login,
    role,
    token: confirmed.body.obj.token,
    secret,
    password,
    recoveryCodes: first.body.obj.recoveryCodes,
  };
}

export async function auditRows(server: TestServer, sinceId = 0n) {
  return server.ctx.db.query<{
    id: bigint;
    actor: string;
    operator_id: bigint | null;
    action: string;
    outcome: string;
    ip: string | null;
    before: unknown;
    after: unknown;
    details: Record<string, unknown>;
  }>(
    'select id, actor, operator_id, action, outcome, ip, before, after, details from admin_audit_log where id > $1 order by id',
    [sinceId],
  );
}

export async function lastAuditId(server: TestServer): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ id: bigint | null }>('select max(id) as id from admin_audit_log');
  return row?.id ?? 0n;
}
