import { adminEndpoints, isAllowed, OPERATOR_ROLES, type AdminEndpointPath, type OperatorRole } from '@mayur/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankCard, payingPlayer, WITHDRAW_PASSWORD } from '../../../test/payments.ts';
import { quickPlayer } from '../../../test/players.ts';
import { PNG_6X4_BASE64 } from '../complaints/screenshot-fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { adminCall, auditRows, lastAuditId, signedInOperator, type SignedInOperator } from './test-operators.ts';

// Every endpoint of the admin contract map against every role: an allowed role gets past the role
// check (and an audited endpoint writes exactly one row), a refused role gets 403 FORBIDDEN before
// anything runs, and the refusal is one row of the audit log with the operator and the address.

let server: TestServer;
const operators = new Map<OperatorRole, SignedInOperator>();
let complaintNumber = '';
let screenshotId = '';
let victims: string[] = [];
let resetVictim = '';
let toApprove: string[] = [];
let toReject: string[] = [];

type Sample = () => Record<string, unknown>;
let created = 0;
// A body for each endpoint with a role list; the type makes a new endpoint without a sample fail to compile.
// Signing in and out, and changing one's own password (which needs a fresh code), are tested on their own.
const SAMPLES: Record<
  Exclude<AdminEndpointPath, '/auth/signIn' | '/auth/confirmEnrolment' | '/auth/signOut' | '/auth/changePassword'>,
  Sample
> = {
  '/auth/me': () => ({}),
  '/operators/list': () => ({}),
  '/operators/create': () => ({ name: 'New one', login: `matrix-new-${++created}@ops.test`, role: 'support' }),
  '/operators/disable': () => ({ operatorId: victims.shift() }),
  '/operators/reset': () => ({ operatorId: resetVictim }),
  '/audit/list': () => ({ pageSize: 5 }),
  '/audit/export': () => ({ action: 'admin/operators/create' }),
  '/complaints/list': () => ({ status: 'all' }),
  '/complaints/thread': () => ({ complaint: complaintNumber }),
  '/complaints/screenshot': () => ({ screenshotId }),
  '/complaints/reply': () => ({ complaint: complaintNumber, text: 'We are looking into it.' }),
  '/complaints/assign': () => ({ complaint: complaintNumber, operatorId: operators.get('support')!.id }),
  '/complaints/close': () => ({ complaint: complaintNumber }),
  '/players/search': () => ({ query: '1' }),
  '/deposits/list': () => ({ status: 'ALL' }),
  '/withdrawals/list': () => ({ status: 'ALL' }),
  '/withdrawals/approve': () => ({ withdrawNo: toApprove.shift() }),
  '/withdrawals/reject': () => ({ withdrawNo: toReject.shift(), reason: 'Name on the account differs' }),
};

beforeAll(async () => {
  server = await startTestServer();
  for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator(server, role));
  victims = [(await signedInOperator(server, 'risk')).id, (await signedInOperator(server, 'risk')).id];
  resetVictim = (await signedInOperator(server, 'risk')).id;
  const player = await quickPlayer(server);
  const filed = await server.call(
    '/user/addComplaints',
    { type: 'other', text: 'Where is my money?', screenshots: [{ type: 'image/png', data: PNG_6X4_BASE64 }] },
    { token: player.token },
  );
  expect(filed.body.res).toBe(1);
  complaintNumber = filed.body.obj.number;
  screenshotId = filed.body.obj.messages[0].attachments[0].id;
  // Small withdrawals (one approval each): one to approve and one to reject per role allowed to decide.
  const payee = await payingPlayer(server, 10_000_00n);
  const bankCardId = await addBankCard(server, payee.token);
  const withdrawals: string[] = [];
  for (let i = 0; i < 4; i++) {
    const reply = await server.call(
      '/cash/withdrawNew',
      { amount: '230', bankCardId, withdrawPassword: WITHDRAW_PASSWORD },
      { token: payee.token },
    );
    expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
    withdrawals.push(reply.body.obj.withdrawNo);
  }
  toApprove = withdrawals.slice(0, 2);
  toReject = withdrawals.slice(2);
});
afterAll(async () => server.stop());

describe('the admin contract map, role by role', () => {
  it('declares an access rule and an audit rule for every endpoint, and owner may call every role-guarded one', () => {
    for (const [path, definition] of Object.entries(adminEndpoints)) {
      expect(['always', 'refusals'], path).toContain(definition.audit);
      if (typeof definition.access !== 'string') {
        expect(definition.access.length, path).toBeGreaterThan(0);
        expect(definition.access, path).toContain('owner');
      }
    }
  });

  for (const [path, sample] of Object.entries(SAMPLES) as Array<[keyof typeof SAMPLES, Sample]>) {
    for (const role of OPERATOR_ROLES) {
      const isRoleAllowed = isAllowed(adminEndpoints[path].access, role);
      it(`${path} as ${role}: ${isRoleAllowed ? 'allowed' : 'refused with 403 and audited'}`, async () => {
        const operator = operators.get(role)!;
        const before = await lastAuditId(server);
        const reply = await adminCall(server, path, sample(), { token: operator.token, ip: '10.20.30.40' });
        const rows = await auditRows(server, before);
        if (isRoleAllowed) {
          expect(reply.status).toBe(200);
          expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ res: 1 });
          expect(rows).toHaveLength(adminEndpoints[path].audit === 'always' ? 1 : 0);
        } else {
          expect(reply.status).toBe(403);
          expect(reply.body).toMatchObject({ res: 0, code: 'FORBIDDEN' });
          expect(rows).toHaveLength(1);
          expect(rows[0]).toMatchObject({ action: `admin${path}`, operator_id: BigInt(operator.id), ip: '10.20.30.40' });
          expect(rows[0]!.outcome).toMatch(/^refused:FORBIDDEN/);
        }
      });
    }
  }

  it('refuses every endpoint but signing in without a session, with 401 and nothing run', async () => {
    for (const [path, definition] of Object.entries(adminEndpoints)) {
      const reply = await adminCall(server, path, {});
      if (definition.access === 'public') expect(reply.status, path).toBe(200);
      else expect([reply.status, reply.body.code], path).toEqual([401, 'UNAUTHORIZED']);
    }
  });
});
