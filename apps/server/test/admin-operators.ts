import { TOTP, URI } from 'otpauth';
import { expect } from 'vitest';
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

/** Addresses under `prefix` (two octets) that no earlier call gave, for tests of what is counted per address. */
export function freshAddresses(prefix: string): () => string {
  let sequence = 0;
  return () => {
    sequence += 1;
    return `${prefix}.${sequence >> 8}.${sequence & 255}`;
  };
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

/** Signs in one operator per role given, in that order, as `signedInOperator` would one by one. */
export async function signedInOperators<const Roles extends readonly OperatorRole[]>(
  server: TestServer,
  ...roles: Roles
): Promise<{ [K in keyof Roles]: SignedInOperator }> {
  const operators: SignedInOperator[] = [];
  for (const role of roles) operators.push(await signedInOperator(server, role));
  return operators as { [K in keyof Roles]: SignedInOperator };
}

/** A code from the operator's authenticator one step after the last one used; the clock moves on to it. */
export function freshCode(server: TestServer, operator: { secret: string }): string {
  server.clock.advance(30_000);
  return totpCode(operator.secret, server.clock.now().getTime());
}

/** A request the operator makes with a fresh code of theirs, for the actions that ask for one. */
export function callWithFreshCode(server: TestServer, operator: SignedInOperator, path: string, body: Record<string, unknown>) {
  return adminCall(server, path, { ...body, code: freshCode(server, operator) }, { token: operator.token });
}

/** The last message the console e-mailed to this address (the outbox of development). */
export async function lastMailTo(server: TestServer, address: string): Promise<{ code: string; text: string } | undefined> {
  const sql = 'select code, text from outbox_messages where destination = $1 order by id desc limit 1';
  const [row] = await server.ctx.db.query<{ code: string; text: string }>(sql, [address]);
  return row;
}

export type AdjustmentRequest = { playerId: number; amount: string; reason: string };

/** A balance adjustment asked for by `operator`; above the single-approval amount it waits for a second one. */
export function requestAdjustment(server: TestServer, operator: { token: string }, adjustment: AdjustmentRequest) {
  return adminCall(server, '/adjustments/request', adjustment, { token: operator.token });
}

export type GiftCodeRequest = { amount: string; uses: number; target: 'cash' | 'bonus' };

/** A gift code created by `operator`; one to cash, or worth more than the single-approval amount, waits for a second. */
export function createGiftCode(server: TestServer, operator: { token: string }, gift: GiftCodeRequest) {
  return adminCall(server, '/giftCodes/create', gift, { token: operator.token });
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

/** Expects exactly one audit row written after `sinceId`, matching `expected`, and returns it. */
export async function expectOneAuditRow(server: TestServer, sinceId: bigint, expected: Record<string, unknown>) {
  const rows = await auditRows(server, sinceId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(expected);
  return rows[0]!;
}
