import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { adminCall, callWithFreshCode, freshCode, lastMailTo, secretOf, totpCode } from '../../../test/admin-operators.ts';
import { signedInOperator, signedInOperators, type SignedInOperator } from '../../../test/admin-operators.ts';

// An owner alone cannot be the second person (decision 0029): a new or reset operator's one-time
// password goes to their own e-mail, never to the owner; creating, resetting and disabling ask for a
// fresh code; an operator and whoever created or reset them (or a sibling made by the same owner) do
// not approve each other's requests for a cooling period; resetting or disabling an owner, and an agent
// programme beyond the single-owner bounds, wait for a second owner.

const COOLING_HOURS = 72;
let server: TestServer, owner: SignedInOperator, secondOwner: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_APPROVER_COOLING_HOURS: String(COOLING_HOURS) });
  [owner, secondOwner] = await signedInOperators(server, 'owner', 'owner');
});
afterAll(async () => server.stop());

const mailTo = (address: string) => lastMailTo(server, address);

/** Operator sessions last at most 8 hours: after the clock jumps past that, each signs in again. */
async function signInAgain(operator: SignedInOperator): Promise<SignedInOperator> {
  const reply = await adminCall(server, '/auth/signIn', {
    login: operator.login,
    password: operator.password,
    code: freshCode(server, operator),
  });
  expect(reply.body.obj?.status, JSON.stringify(reply.body)).toBe('signedIn');
  return { ...operator, token: reply.body.obj.token };
}

let made = 0;
/** An operator an owner creates in the console, signed in with the password from their own e-mail. */
async function createdBy(maker: SignedInOperator, role: 'finance' | 'owner' = 'finance'): Promise<SignedInOperator> {
  made += 1;
  const login = `made-${made}@ops.test`;
  const created = await callWithFreshCode(server, maker, '/operators/create', {
    name: `Made ${made}`,
    login,
    role,
    email: login,
  });
  expect(created.body.res, JSON.stringify(created.body)).toBe(1);
  const mail = await mailTo(login);
  const first = await adminCall(server, '/auth/signIn', { login, password: mail!.code });
  const secret = secretOf(first.body.obj.otpauthUri);
  const password = `the own password of ${login}`;
  const confirmed = await adminCall(server, '/auth/confirmEnrolment', {
    enrolmentToken: first.body.obj.enrolmentToken,
    code: totpCode(secret, server.clock.now().getTime()),
    newPassword: password,
  });
  expect(confirmed.body.res, JSON.stringify(confirmed.body)).toBe(1);
  return { id: created.body.obj.operator.id, login, role, token: confirmed.body.obj.token, secret, password, recoveryCodes: [] };
}

describe('creating an operator', () => {
  it('e-mails the one-time password to the new operator and never answers it to the owner', async () => {
    const reply = await callWithFreshCode(server, owner, '/operators/create', {
      name: 'Priya',
      login: 'priya.ops',
      role: 'finance',
      email: 'priya@example.com',
    });
    expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.obj).toEqual({
      operator: expect.objectContaining({ login: 'priya.ops' }),
      passwordSentTo: 'pr••••@example.com',
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/oneTimePassword/);
    const mail = await mailTo('priya@example.com');
    expect(mail!.code).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(mail!.text).toContain('priya.ops');
    const signIn = await adminCall(server, '/auth/signIn', { login: 'priya.ops', password: mail!.code });
    expect(signIn.body.obj.status).toBe('enrolmentRequired');
  });

  it('asks for a fresh code and makes nothing without one', async () => {
    const stale = totpCode(owner.secret, server.clock.now().getTime() - 600_000);
    const reply = await adminCall(
      server,
      '/operators/create',
      { name: 'Nobody', login: 'nobody.ops', role: 'finance', email: 'nobody@example.com', code: stale },
      { token: owner.token },
    );
    expect(reply.body.code).toBe('TOTP_INVALID');
    expect(await server.ctx.db.query("select 1 from operators where login = 'nobody.ops'")).toHaveLength(0);
  });
});

describe('the cooling period', () => {
  it('keeps an owner and the operator they created from approving each other, and siblings too, until it ends', async () => {
    const puppet = await createdBy(owner);
    const sibling = await createdBy(owner);
    const player = await quickPlayer(server);
    const ask = (by: SignedInOperator) =>
      adminCall(
        server,
        '/adjustments/request',
        { playerId: player.userId, amount: '50000', reason: 'cooling' },
        { token: by.token },
      );
    const approve = (id: string, by: SignedInOperator) =>
      adminCall(server, '/adjustments/approve', { adjustmentId: id }, { token: by.token });

    const byOwner = (await ask(owner)).body.obj.id;
    expect((await approve(byOwner, puppet)).body.code).toBe('APPROVER_COOLING');
    const byPuppet = (await ask(puppet)).body.obj.id;
    expect((await approve(byPuppet, owner)).body.code).toBe('APPROVER_COOLING');
    expect((await approve(byPuppet, sibling)).body.code).toBe('APPROVER_COOLING');
    // Someone the owner did not make approves at once; after the cooling period the puppet may too.
    expect((await approve(byPuppet, secondOwner)).body.obj.status).toBe('posted');
    server.clock.advance(COOLING_HOURS * 3_600_000);
    [owner, secondOwner] = [await signInAgain(owner), await signInAgain(secondOwner)];
    expect((await approve(byOwner, await signInAgain(puppet))).body.obj.status).toBe('posted');
  });
});

describe('another owner', () => {
  it('is reset only when a second owner approves; the one-time password goes to their own e-mail', async () => {
    const target = await createdBy(secondOwner, 'owner');
    const asked = await callWithFreshCode(server, owner, '/operators/reset', { operatorId: target.id });
    expect(asked.body.obj).toMatchObject({ operator: null, ownerRequest: { kind: 'operator-reset', status: 'pending' } });
    // Nothing changed yet: the owner still signs in with their own password and code.
    expect((await adminCall(server, '/auth/me', {}, { token: target.token })).body.res).toBe(1);
    const requestId = asked.body.obj.ownerRequest.id;
    const byAsker = await callWithFreshCode(server, owner, '/ownerRequests/approve', { requestId });
    expect(byAsker.body.code).toBe('APPROVAL_ALREADY_GIVEN');
    const third = await signedInOperator(server, 'owner');
    const approved = await callWithFreshCode(server, third, '/ownerRequests/approve', { requestId });
    expect(approved.body.obj).toMatchObject({ status: 'approved', decidedBy: expect.any(String) });
    expect((await adminCall(server, '/auth/me', {}, { token: target.token })).status).toBe(401);
    const mail = await mailTo(target.login);
    expect((await adminCall(server, '/auth/signIn', { login: target.login, password: mail!.code })).body.obj.status).toBe(
      'enrolmentRequired',
    );
  });

  it('is disabled only when a second owner approves, and not by the asker', async () => {
    const target = await signedInOperator(server, 'owner');
    const asked = await callWithFreshCode(server, owner, '/operators/disable', { operatorId: target.id });
    expect(asked.body.obj.ownerRequest.status).toBe('pending');
    expect((await adminCall(server, '/auth/me', {}, { token: target.token })).body.res).toBe(1);
    const rejected = await callWithFreshCode(server, secondOwner, '/ownerRequests/reject', {
      requestId: asked.body.obj.ownerRequest.id,
    });
    expect(rejected.body.obj.status).toBe('rejected');
    expect((await adminCall(server, '/auth/me', {}, { token: target.token })).body.res).toBe(1);
  });
});

describe('the agent programme', () => {
  const programme = (ratesBp: number[], inviteBonusRupees = 158, inviteBonusThresholdRupees = 300) => ({
    levels: [{ ratesBp, minTeamSize: 0, minTeamDepositsRupees: 0, minTeamBetsRupees: 0 }],
    inviteBonusRupees,
    inviteBonusThresholdRupees,
  });

  it('refuses 100 % at each depth and an invite bonus larger than the deposit that earns it, whoever saves it', async () => {
    const everything = await adminCall(
      server,
      '/agents/programme/save',
      programme([10_000, 10_000, 10_000, 10_000, 10_000, 10_000]),
      {
        token: owner.token,
      },
    );
    expect(everything.body).toMatchObject({ res: 0, code: 'AGENT_RATES_INVALID' });
    const bonus = await adminCall(server, '/agents/programme/save', programme([60, 18, 6, 2, 1, 1], 100_000, 1), {
      token: owner.token,
    });
    expect(bonus.body).toMatchObject({ res: 0, code: 'INVITE_BONUS_INVALID' });
  });

  it('saves a change within the single-owner bounds at once, and one beyond them only with a second owner', async () => {
    const within = await adminCall(server, '/agents/programme/save', programme([60, 18, 6, 2, 1, 1]), { token: owner.token });
    expect(within.body.obj).toMatchObject({ version: { levels: [{ ratesBp: [60, 18, 6, 2, 1, 1] }] }, ownerRequest: null });
    const beyond = await adminCall(server, '/agents/programme/save', programme([400, 100, 0, 0, 0, 0]), { token: owner.token });
    expect(beyond.body.obj).toMatchObject({ version: null, ownerRequest: { kind: 'agent-programme', status: 'pending' } });
    const read = await adminCall(server, '/agents/programme', {}, { token: owner.token });
    expect(read.body.obj.scheduled.levels[0].ratesBp).toEqual([60, 18, 6, 2, 1, 1]);
    expect(read.body.obj.singleOwnerBounds).toEqual({ maxRateSumBp: 300, maxInviteBonusRupees: 500 });
    const approved = await callWithFreshCode(server, secondOwner, '/ownerRequests/approve', {
      requestId: beyond.body.obj.ownerRequest.id,
    });
    expect(approved.body.obj.status).toBe('approved');
    const after = await adminCall(server, '/agents/programme', {}, { token: owner.token });
    expect(after.body.obj.scheduled.levels[0].ratesBp).toEqual([400, 100, 0, 0, 0, 0]);
  });
});
