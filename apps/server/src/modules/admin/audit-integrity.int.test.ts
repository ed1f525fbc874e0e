import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payingPlayer } from '../../../test/payments.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { adminCall, auditRows, expectOneAuditRow, lastAuditId, signedInOperators } from '../../../test/admin-operators.ts';
import type { SignedInOperator } from '../../../test/admin-operators.ts';
import { requestedWithdrawal } from '../../../test/console-withdrawals.ts';

// Every change an operator makes leaves its audit row, whatever the request carried: a lone UTF-16
// surrogate or a NUL (text PostgreSQL's jsonb refuses), a 7,000-deep array, unknown fields. The row
// records the schema-parsed input only, made well formed and bounded, and is written in the change's
// own transaction; the audit log reads newest first by the order rows were written.

let server: TestServer, finance: SignedInOperator, support: SignedInOperator, owner: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_SECOND_APPROVAL_ABOVE_RUPEES: '10000' });
  [finance, support, owner] = await signedInOperators(server, 'finance', 'support', 'owner');
});
afterAll(async () => server.stop());

/** A 7,000-deep array as JSON text: JSON.parse reads it, JSON.stringify of what it reads overflows the stack. */
const DEEP_ARRAY = `${'['.repeat(7000)}"bottom"${']'.repeat(7000)}`;

/** A call whose body is JSON text as given (adminCall would stringify, which cannot hold the deep array). */
async function rawAdminCall(path: string, jsonText: string, token: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/admin-api${path}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: jsonText,
    remoteAddress: '127.0.0.1',
  });
  return { status: response.statusCode, body: response.json() };
}

describe('the audit row of a change', () => {
  it('is written when an unknown field carries a lone surrogate, and records only the parsed input', async () => {
    const { withdrawNo } = await requestedWithdrawal(server, '300');
    const since = await lastAuditId(server);
    const reply = await adminCall(server, '/withdrawals/approve', { withdrawNo, note: '\ud800' }, { token: finance.token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.obj.status).toBe('paid');
    const rows = await auditRows(server, since);
    expect(rows.map((row) => [row.action, row.outcome])).toEqual([['admin/withdrawals/approve', 'ok']]);
    expect(rows[0]!.details).toEqual({ withdrawNo });
  });

  it('is written when an unknown field is a 7,000-deep array', async () => {
    const withDeepExtra = `{"amount":"10","uses":1,"target":"bonus","extra":${DEEP_ARRAY}}`;
    const since = await lastAuditId(server);
    const reply = await rawAdminCall('/giftCodes/create', withDeepExtra, finance.token);
    expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(200);
    const rows = await auditRows(server, since);
    expect(rows.map((row) => [row.action, row.outcome])).toEqual([['admin/giftCodes/create', 'ok']]);
    expect(rows[0]!.details).not.toHaveProperty('extra');
  });

  it('refuses text a field cannot store faithfully, changes nothing and records the refusal', async () => {
    const player = await payingPlayer(server);
    const since = await lastAuditId(server);
    const reply = await adminCall(
      server,
      '/players/freeze',
      { playerId: player.userId, reason: 'fraud \ud800 ring' },
      { token: owner.token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ res: 0, code: 'INVALID_FIELD', field: 'reason' });
    const [user] = await server.ctx.db.query<{ frozen_at: Date | null }>('select frozen_at from users where id = $1', [
      player.userId,
    ]);
    expect(user!.frozen_at).toBeNull();
    const rows = await auditRows(server, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.outcome).toMatch(/^refused:INVALID_FIELD/);
    expect(rows[0]!.details).toEqual({ playerId: player.userId, reason: 'fraud \ufffd ring' });
  });

  it('of a refused role is written, not a 500, whatever the body holds', async () => {
    const unstorableAndDeep = `{"amount":"10\\u0000","uses":1,"target":"cash\\udfff","deep":${DEEP_ARRAY}}`;
    const since = await lastAuditId(server);
    const reply = await rawAdminCall('/giftCodes/create', unstorableAndDeep, support.token);
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('FORBIDDEN');
    const rows = await auditRows(server, since);
    expect(rows.map((row) => row.outcome)).toEqual(['refused:FORBIDDEN role support']);
    expect(rows[0]!.details).toEqual({ amount: '10\ufffd', uses: 1, target: 'cash\ufffd' });
  });
});

describe('sign-in attempts about no known operator', () => {
  it('are written once per source per hour, as anonymous, with the login cut short', async () => {
    const since = await lastAuditId(server);
    const chosen = `${'ATTACKER TEXT '.repeat(20)}\ud800`;
    for (let i = 0; i < 30; i += 1)
      await adminCall(
        server,
        '/auth/signIn',
        { login: `nobody${i}.${chosen}`.slice(0, 100), password: 'wrong' },
        { ip: '10.66.0.1' },
      );
    const row = await expectOneAuditRow(server, since, { actor: 'anonymous', action: 'admin/auth/signIn', operator_id: null });
    expect(String(row.details.login).length).toBeLessThanOrEqual(64);
    // Another source gets its own row.
    await adminCall(server, '/auth/signIn', { login: 'nobody.else', password: 'wrong' }, { ip: '10.66.0.2' });
    expect(await auditRows(server, since)).toHaveLength(2);
  });
});

describe('the audit log', () => {
  it('lists newest first by the order rows were written, in the screen and in its CSV', async () => {
    for (let i = 0; i < 12; i += 1) await adminCall(server, '/players/search', { query: `order-${i}` }, { token: owner.token });
    const page = await adminCall(server, '/audit/list', { pageSize: 20 }, { token: owner.token });
    const ids = page.body.obj.list.map((entry: { id: string }) => BigInt(entry.id));
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual([...ids].sort((a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0)));
    const csv = await adminCall(server, '/audit/export', {}, { token: owner.token });
    const csvIds = (csv.body.obj.csv as string)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => BigInt(line.split(',')[0]!.replaceAll('"', '')));
    expect(csvIds).toEqual([...csvIds].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });
});
