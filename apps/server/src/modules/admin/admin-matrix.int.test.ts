import { adminEndpoints, isAllowed, OPERATOR_ROLES, type AdminEndpointPath, type OperatorRole } from '@mayur/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payingPlayer } from '../../../test/payments.ts';
import { requestWithdrawals } from '../../../test/console-withdrawals.ts';
import { sandboxDepositCallback } from '../../../test/console-deposits.ts';
import { quickPlayer } from '../../../test/players.ts';
import { PNG_6X4_BASE64 } from '../../../test/screenshot-fixtures.ts';
import { createGiftCode } from '../gifts/gift-codes.ts';
import { saveSupportContact } from '../support/support-contacts.ts';
import { solidPng } from '../../../test/banner-fixtures.ts';
import { createBanner } from '../banners/manage-banners.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { DEFAULT_APPROVAL_RULES } from '../approvals/approval-rules.ts';
import { commandLineApprover } from '../approvals/approver.ts';
import {
  adminCall,
  auditRows,
  callWithFreshCode,
  freshCode,
  lastAuditId,
  signedInOperator,
} from '../../../test/admin-operators.ts';
import type { SignedInOperator } from '../../../test/admin-operators.ts';

// Every endpoint of the admin contract map against every role: an allowed role gets past the role
// check (and an audited endpoint writes exactly one row), a refused role gets 403 FORBIDDEN before
// anything runs, and the refusal is one row of the audit log with the operator and the address.

let server: TestServer;
const operators = new Map<OperatorRole, SignedInOperator>();
let complaintNumber = '';
let screenshotId = '';
let victims: string[] = [];
let resetVictim = '';
/** Requests of another owner waiting for a second owner (to disable an owner of their own). */
const ownerRequests: string[] = [];
let toApprove: string[] = [];
let toReject: string[] = [];

/** A body for a call made by `operator` (the samples that need a fresh code compute it for them). */
type Sample = (operator: SignedInOperator) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** The next item of a list for a role that may call the endpoint; a refused role is refused before reading it. */
function takeFor<T>(path: AdminEndpointPath, operator: SignedInOperator, list: T[]): T | string {
  return isAllowed(adminEndpoints[path].access, operator.role) ? list.shift()! : 'refused-before-read';
}

/** A code from the operator's authenticator one step after the last one used, as a person would type it. */
// Part B (deposits, gift codes): orders to confirm, held orders to return, and a code to read and
// disable, made in beforeAll.
const usdtOrders: string[] = [];
const heldOrders: string[] = [];
let giftCode = '';
/** Cash codes waiting for a second approver, made by an operator of their own: one per allowed role and endpoint. */
const pendingGiftCodes: string[] = [];
const contactIds: string[] = [];
const OPERATIONS_SAMPLES = {
  '/deposits/events': () => ({ orderNo: usdtOrders[0] }),
  '/deposits/confirm': () => ({ orderNo: usdtOrders.shift() }),
  '/deposits/return': (operator) => ({ orderNo: takeFor('/deposits/return', operator, heldOrders) }),
  '/giftCodes/list': () => ({ status: 'all' }),
  '/giftCodes/create': () => ({ amount: '10', uses: 1 }),
  '/giftCodes/redemptions': () => ({ code: giftCode }),
  '/giftCodes/disable': () => ({ code: giftCode }),
  '/giftCodes/approve': (operator) => ({ code: takeFor('/giftCodes/approve', operator, pendingGiftCodes) }),
  '/giftCodes/reject': (operator) => ({ code: takeFor('/giftCodes/reject', operator, pendingGiftCodes) }),
  '/content/notices/list': () => ({}),
  '/content/notices/save': () => ({
    locale: 'hi',
    title: 'Matrix',
    message: 'A notice from the matrix test',
    isPublished: false,
  }),
  '/content/supportContacts/list': () => ({}),
  '/content/supportContacts/save': () => ({ locale: 'fr', kind: 'telegram', value: '@mayurhelp' }),
  '/content/supportContacts/remove': () => ({ id: contactIds.shift() }),
  '/risk/flags': () => ({ days: 7 }),
  '/agents/programme': () => ({}),
  '/agents/programme/save': () => ({
    levels: [{ ratesBp: [60, 18, 6, 2, 1, 1], minTeamSize: 0, minTeamDepositsRupees: 0, minTeamBetsRupees: 0 }],
    inviteBonusRupees: 158,
    inviteBonusThresholdRupees: 300,
  }),
} satisfies Partial<Record<AdminEndpointPath, Sample>>;

// Part A (dashboard, players, adjustments): a player to read and act on, and adjustments above the
// second-approval amount waiting for a checker (asked by an operator of their own), made in beforeAll.
let actedOn = 0;
let pendingToApprove: string[] = [];
let pendingToReject: string[] = [];
const PLAYER_SAMPLES = {
  '/dashboard/summary': () => ({}),
  '/players/page': () => ({ playerId: actedOn }),
  '/players/transfers': () => ({ playerId: actedOn, kind: 'all' }),
  '/players/transfersExport': () => ({ playerId: actedOn }),
  '/players/freeze': () => ({ playerId: actedOn, reason: 'Matrix test' }),
  '/players/unfreeze': () => ({ playerId: actedOn }),
  '/players/logoutEverywhere': () => ({ playerId: actedOn }),
  '/players/unlockWithdrawPassword': () => ({ playerId: actedOn }),
  '/adjustments/list': () => ({ status: 'all' }),
  '/adjustments/request': () => ({ playerId: actedOn, amount: '1.50', reason: 'Matrix test' }),
  '/adjustments/approve': () => ({ adjustmentId: pendingToApprove.shift() }),
  '/adjustments/reject': () => ({ adjustmentId: pendingToReject.shift(), reason: 'Matrix test' }),
} satisfies Partial<Record<AdminEndpointPath, Sample>>;

// Banners: one made in beforeAll to edit, one to delete per role (each role's sample takes one); the
// new order is read when it is sent, since uploads by the allowed roles come before it.
const BANNER_PNG_BASE64 = solidPng(750, 250).toString('base64');
const bannerIds: string[] = [];
const BANNER_SAMPLES = {
  '/content/banners/list': () => ({}),
  '/content/banners/create': () => ({ imageBase64: BANNER_PNG_BASE64, alt: 'Matrix banner' }),
  '/content/banners/update': () => ({ id: bannerIds[0], alt: 'Matrix banner, edited', isEnabled: false }),
  '/content/banners/reorder': async () => ({
    ids: (await server.ctx.db.query<{ id: string }>('select id::text as id from banners order by sort_order desc, id desc')).map(
      (row) => row.id,
    ),
  }),
  '/content/banners/delete': () => ({ id: bannerIds.pop() }),
} satisfies Partial<Record<AdminEndpointPath, Sample>>;

// The games screen: read-only, every role.
const GAMES_SAMPLES = {
  '/games/rooms': () => ({}),
  '/games/rounds': () => ({ room: 'limbo' }),
  '/games/rtp': () => ({}),
} satisfies Partial<Record<AdminEndpointPath, Sample>>;

let created = 0;
// A body for each endpoint with a role list; the type makes a new endpoint without a sample fail to compile.
// Signing in and out, and changing one's own password (which needs a fresh code), are tested on their own.
const SAMPLES: Record<
  Exclude<AdminEndpointPath, '/auth/signIn' | '/auth/confirmEnrolment' | '/auth/signOut' | '/auth/changePassword'>,
  Sample
> = {
  '/auth/me': () => ({}),
  '/operators/list': () => ({}),
  '/operators/create': (operator) => ({
    name: 'New one',
    login: `matrix-new-${++created}@ops.test`,
    role: 'support',
    email: `matrix-new-${created}@ops.test`,
    code: freshCode(server, operator),
  }),
  '/operators/disable': (operator) => ({ operatorId: victims.shift(), code: freshCode(server, operator) }),
  '/operators/reset': (operator) => ({ operatorId: resetVictim, code: freshCode(server, operator) }),
  '/ownerRequests/list': () => ({}),
  '/ownerRequests/approve': (operator) => ({
    requestId: takeFor('/ownerRequests/approve', operator, ownerRequests),
    code: freshCode(server, operator),
  }),
  '/ownerRequests/reject': (operator) => ({
    requestId: takeFor('/ownerRequests/reject', operator, ownerRequests),
    code: freshCode(server, operator),
  }),
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
  ...OPERATIONS_SAMPLES,
  ...PLAYER_SAMPLES,
  ...GAMES_SAMPLES,
  ...BANNER_SAMPLES,
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
  const withdrawals = await requestWithdrawals(server, payee, ['230', '230', '230', '230']);
  toApprove = withdrawals.slice(0, 2);
  toReject = withdrawals.slice(2);
  // One USDT order per role allowed to confirm (owner, finance), and a gift code.
  for (let i = 0; i < 2; i++) {
    const payer = await payingPlayer(server);
    const order = await server.call('/cash/usdtAddressPay', { payType: 40001, amount: '10.00' }, { token: payer.token });
    expect(order.body.res, JSON.stringify(order.body)).toBe(1);
    usdtOrders.push(order.body.obj.orderNo);
  }
  // One held recharge per role allowed to return it: paid while its player is self-excluded (decision 0022).
  for (let i = 0; i < 2; i++) {
    const payer = await payingPlayer(server);
    const order = await server.call('/cash/payNew', { amount: '300', method: 'upi' }, { token: payer.token });
    expect(order.body.res, JSON.stringify(order.body)).toBe(1);
    const excluded = await server.call('/protection/startExclusion', { duration: '6m' }, { token: payer.token });
    expect(excluded.body.res, JSON.stringify(excluded.body)).toBe(1);
    const { orderNo } = order.body.obj;
    const paid = await sandboxDepositCallback(server, orderNo, 'paid', '300.00', `matrix-${orderNo}`);
    expect(paid.body.outcome).toBe('held');
    heldOrders.push(orderNo);
  }
  const maker = commandLineApprover('test');
  giftCode = (
    await createGiftCode(
      server.ctx.db,
      { amountPaise: 1000n, uses: 1, target: 'bonus', expiresAt: null },
      maker,
      DEFAULT_APPROVAL_RULES,
      server.clock.now(),
    )
  ).code;
  for (let i = 0; i < 4; i++) {
    const pending = await createGiftCode(
      server.ctx.db,
      { amountPaise: 1000n, uses: 1, target: 'cash', expiresAt: null },
      maker,
      DEFAULT_APPROVAL_RULES,
      server.clock.now(),
    );
    pendingGiftCodes.push(pending.code);
  }
  // Another owner asks to disable two owners of their own; the owner role decides the requests.
  const asker = await signedInOperator(server, 'owner');
  for (let i = 0; i < 2; i++) {
    const owner = await signedInOperator(server, 'owner');
    const asked = await callWithFreshCode(server, asker, '/operators/disable', { operatorId: owner.id });
    expect(asked.body.obj?.ownerRequest?.status, JSON.stringify(asked.body)).toBe('pending');
    ownerRequests.push(asked.body.obj.ownerRequest.id);
  }
  // A support contact to remove per role (each role's sample takes one, refused or not).
  for (const locale of ['ru', 'zh', 'vi', 'si', 'it'] as const) {
    const saved = await saveSupportContact(
      server.ctx.db,
      { locale, kind: 'email', value: 'help@mayur.example' },
      'test',
      server.clock.now(),
    );
    contactIds.push(saved.after.id);
  }
  for (let i = 0; i < 6; i++) {
    const banner = await server.ctx.db.transaction((tx) =>
      createBanner(
        tx,
        BANNER_PNG_BASE64,
        { alt: `Banner ${i}`, headline: '', link: '', locale: null, startsTime: null, endsTime: null, isEnabled: true },
        'test',
        server.clock.now(),
      ),
    );
    bannerIds.push(banner.after.id);
  }
});
beforeAll(async () => {
  actedOn = (await quickPlayer(server, { cashPaise: 100_00n })).userId;
  const maker = await signedInOperator(server, 'finance');
  const pending: string[] = [];
  for (let i = 0; i < 4; i++) {
    const asked = await adminCall(
      server,
      '/adjustments/request',
      { playerId: actedOn, amount: '20000', reason: 'Matrix' },
      { token: maker.token },
    );
    expect(asked.body.obj?.status, JSON.stringify(asked.body)).toBe('pending');
    pending.push(asked.body.obj.id);
  }
  pendingToApprove = pending.slice(0, 2);
  pendingToReject = pending.slice(2);
});
afterAll(async () => server.stop());

describe('the admin contract map, role by role', () => {
  it('declares an access rule and an audit rule for every endpoint, and owner may call every role-guarded one', () => {
    for (const [path, definition] of Object.entries(adminEndpoints)) {
      expect(['change', 'read', 'refusals'], path).toContain(definition.audit);
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
        const reply = await adminCall(server, path, await sample(operator), { token: operator.token, ip: '10.20.30.40' });
        const rows = await auditRows(server, before);
        if (isRoleAllowed) {
          expect(reply.status).toBe(200);
          expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ res: 1 });
          expect(rows).toHaveLength(adminEndpoints[path].audit === 'refusals' ? 0 : 1);
          // 'ok', not 'ok (after the change)': a change's row was written in the change's own transaction.
          for (const row of rows) expect(row.outcome, path).toBe('ok');
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
