import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPERATOR_SESSION_MAX_MS } from '@mayur/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { loadConfig } from '../../platform/config.ts';
import { runOperatorCommand } from '../operator-cli/operator-commands.ts';
import { PNG_6X4_BASE64 } from '../../../test/screenshot-fixtures.ts';
import { PRODUCTION_ENV } from '../../../test/platform-production-env.ts';
import { createOperator } from './operators.ts';
import { adminCall, auditRows, callWithFreshCode, freshCode, lastAuditId, lastMailTo } from '../../../test/admin-operators.ts';
import { freshAddresses, secretOf, signedInOperator, totpCode } from '../../../test/admin-operators.ts';

// The back office's sign-in (mandatory TOTP, replays refused, single-use recovery codes), its 8-hour
// sessions on a manual clock, its audit rows, the complaints it answers through the CLI's use cases,
// and the gate that keeps it off a node.

let server: TestServer;
const freshIp = freshAddresses('10.88');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());

let operatorSequence = 0;
async function newOperator(role: 'owner' | 'support' = 'support') {
  operatorSequence += 1;
  const login = `behaviour-${operatorSequence}@ops.test`;
  const created = await createOperator(
    server.ctx.db,
    server.hasher,
    { name: 'Asha', login, role, createdBy: null },
    server.clock.now(),
  );
  return { login, password: created.oneTimePassword, id: created.operator.id };
}

describe('enrolment and sign-in', () => {
  it('enrols on the first sign-in with a QR code and ten recovery codes, and needs the first code and a new password', async () => {
    const { login, password } = await newOperator();
    const ip = freshIp();
    const first = await adminCall(server, '/auth/signIn', { login, password }, { ip });
    expect(first.body.obj).toMatchObject({ status: 'enrolmentRequired' });
    expect(first.body.obj.qrSvg).toMatch(/^<svg/);
    expect(first.body.obj.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(first.body.obj.recoveryCodes).toHaveLength(10);
    expect(first.body.obj).not.toHaveProperty('token');
    const secret = secretOf(first.body.obj.otpauthUri);
    const now = server.clock.now().getTime();

    const confirmEnrolment = (code: string, newPassword: string) =>
      adminCall(server, '/auth/confirmEnrolment', { enrolmentToken: first.body.obj.enrolmentToken, code, newPassword }, { ip });

    const wrong = await confirmEnrolment('000000', 'a brand new password');
    expect(wrong.body.code === 'TOTP_INVALID' || totpCode(secret, now) === '000000').toBe(true);
    const reused = await confirmEnrolment(totpCode(secret, now), password);
    expect(reused.body.code).toBe('OPERATOR_PASSWORD_REUSED');
    server.clock.advance(30_000);
    const confirmed = await confirmEnrolment(totpCode(secret, server.clock.now().getTime()), 'a brand new password');
    expect(confirmed.body).toMatchObject({ res: 1, obj: { operator: { login, isTotpEnrolled: true } } });
    // The enrolment token is single use, and the one-time password is gone.
    const again = await confirmEnrolment(totpCode(secret, server.clock.now().getTime()), 'another new password');
    expect(again.body.code).toBe('ENROLMENT_EXPIRED');
    expect((await adminCall(server, '/auth/signIn', { login, password, code: '123456' }, { ip })).body.code).toBe(
      'SIGN_IN_FAILED',
    );
  });

  it('requires the TOTP code once enrolled, refuses a used code, and takes the next step’s code', async () => {
    const operator = await signedInOperator(server, 'support', freshIp());
    const ip = freshIp();
    // The right password without a code is refused like a wrong password: the answer is no oracle.
    const withoutCode = await adminCall(server, '/auth/signIn', { login: operator.login, password: operator.password }, { ip });
    expect(withoutCode.body).toMatchObject({ res: 0, code: 'SIGN_IN_FAILED' });
    const code = totpCode(operator.secret, server.clock.now().getTime());
    const signedIn = await adminCall(
      server,
      '/auth/signIn',
      { login: operator.login, password: operator.password, code },
      { ip },
    );
    expect(signedIn.body).toMatchObject({ res: 1, obj: { status: 'signedIn', operator: { role: 'support' } } });
    const replay = await adminCall(server, '/auth/signIn', { login: operator.login, password: operator.password, code }, { ip });
    expect(replay.body).toMatchObject({ res: 0, code: 'SIGN_IN_FAILED' });
    server.clock.advance(30_000);
    const next = await adminCall(
      server,
      '/auth/signIn',
      { login: operator.login, password: operator.password, code: totpCode(operator.secret, server.clock.now().getTime()) },
      { ip },
    );
    expect(next.body).toMatchObject({ res: 1, obj: { status: 'signedIn' } });
  });

  it('takes a recovery code once', async () => {
    const { login, password } = await newOperator();
    const ip = freshIp();
    const first = await adminCall(server, '/auth/signIn', { login, password }, { ip });
    const secret = secretOf(first.body.obj.otpauthUri);
    const newPassword = 'recovery test password';
    await adminCall(
      server,
      '/auth/confirmEnrolment',
      { enrolmentToken: first.body.obj.enrolmentToken, code: totpCode(secret, server.clock.now().getTime()), newPassword },
      { ip },
    );
    const recoveryCode = first.body.obj.recoveryCodes[3].toLowerCase();
    const used = await adminCall(server, '/auth/signIn', { login, password: newPassword, recoveryCode }, { ip });
    expect(used.body).toMatchObject({ res: 1, obj: { status: 'signedIn' } });
    const reused = await adminCall(server, '/auth/signIn', { login, password: newPassword, recoveryCode }, { ip });
    expect(reused.body).toMatchObject({ res: 0, code: 'SIGN_IN_FAILED' });
  });

  it('never returns or stores the TOTP secret in the clear', async () => {
    const owner = await signedInOperator(server, 'owner', freshIp());
    const list = await adminCall(server, '/operators/list', {}, { token: owner.token });
    expect(JSON.stringify(list.body)).not.toContain(owner.secret);
    const [row] = await server.ctx.db.query<{ totp_secret_sealed: string }>(
      'select totp_secret_sealed from operators where id = $1',
      [owner.id],
    );
    expect(row!.totp_secret_sealed).not.toContain(owner.secret);
    expect(row!.totp_secret_sealed).toMatch(/^v1\./);
  });

  it('does not count complete sign-ins against the login’s limit', async () => {
    const operator = await signedInOperator(server, 'auditor', freshIp());
    for (let attempt = 0; attempt < 7; attempt++) {
      server.clock.advance(30_000);
      const code = totpCode(operator.secret, server.clock.now().getTime());
      const reply = await adminCall(
        server,
        '/auth/signIn',
        { login: operator.login, password: operator.password, code },
        { ip: freshIp() },
      );
      expect(reply.body.obj?.status, JSON.stringify(reply.body)).toBe('signedIn');
    }
  });

  it('throttles wrong passwords for a login from one address (sign-in-throttle.int.test.ts has the rest)', async () => {
    const { login } = await newOperator();
    const ip = freshIp();
    const codes: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      codes.push((await adminCall(server, '/auth/signIn', { login, password: 'not the password' }, { ip })).body.code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('SIGN_IN_FAILED'));
    expect(codes[5]).toBe('SIGN_IN_THROTTLED');
  });
});

describe('sessions', () => {
  it('end 8 hours after sign-in whatever the operator does, and at sign-out', async () => {
    const operator = await signedInOperator(server, 'auditor', freshIp());
    server.clock.advance(OPERATOR_SESSION_MAX_MS - 30_000 - 1_000);
    expect((await adminCall(server, '/auth/me', {}, { token: operator.token })).body).toMatchObject({
      res: 1,
      obj: { operator: { role: 'auditor' } },
    });
    server.clock.advance(2_000);
    const expired = await adminCall(server, '/auth/me', {}, { token: operator.token });
    expect([expired.status, expired.body.code]).toEqual([401, 'UNAUTHORIZED']);

    const again = await signedInOperator(server, 'auditor', freshIp());
    expect((await adminCall(server, '/auth/signOut', {}, { token: again.token })).body).toMatchObject({ res: 1 });
    expect((await adminCall(server, '/auth/me', {}, { token: again.token })).status).toBe(401);
  });

  it('end when the operator is disabled; an owner cannot disable themselves', async () => {
    const owner = await signedInOperator(server, 'owner', freshIp());
    const support = await signedInOperator(server, 'support', freshIp());
    expect((await callWithFreshCode(server, owner, '/operators/disable', { operatorId: owner.id })).body.code).toBe(
      'CANNOT_DISABLE_SELF',
    );
    const before = await lastAuditId(server);
    const disabled = await adminCall(
      server,
      '/operators/disable',
      { operatorId: support.id, code: freshCode(server, owner) },
      { token: owner.token, ip: '10.1.2.3' },
    );
    expect(disabled.body).toMatchObject({ res: 1, obj: { operator: { id: support.id, isDisabled: true }, ownerRequest: null } });
    const rows = await auditRows(server, before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'admin/operators/disable',
      operator_id: BigInt(owner.id),
      ip: '10.1.2.3',
      outcome: 'ok',
    });
    expect(rows[0]!.before).toMatchObject({ id: support.id, isDisabled: false });
    expect(rows[0]!.after).toMatchObject({ id: support.id, isDisabled: true });
    expect((await adminCall(server, '/auth/me', {}, { token: support.token })).status).toBe(401);
  });
});

/** The one-time password the console e-mailed to this address (the outbox of development). */
async function mailedPassword(address: string): Promise<string> {
  return (await lastMailTo(server, address))!.code;
}

describe('changing one’s own password', () => {
  it('needs the current password and a fresh code, and ends the operator’s other sessions', async () => {
    const operator = await signedInOperator(server, 'support', freshIp());
    server.clock.advance(30_000);
    const other = await adminCall(
      server,
      '/auth/signIn',
      { login: operator.login, password: operator.password, code: totpCode(operator.secret, server.clock.now().getTime()) },
      { ip: freshIp() },
    );
    expect(other.body.obj.status).toBe('signedIn');
    server.clock.advance(30_000);
    const code = totpCode(operator.secret, server.clock.now().getTime());
    const changePassword = (currentPassword: string, newPassword: string) =>
      adminCall(server, '/auth/changePassword', { currentPassword, code, newPassword }, { token: operator.token });
    const wrong = await changePassword('not it', 'a fresh long password');
    expect(wrong.body.code).toBe('SIGN_IN_FAILED');
    const changed = await changePassword(operator.password, 'a fresh long password');
    expect(changed.body).toMatchObject({ res: 1 });
    expect((await adminCall(server, '/auth/me', {}, { token: operator.token })).status).toBe(200);
    expect((await adminCall(server, '/auth/me', {}, { token: other.body.obj.token })).status).toBe(401);
    const replay = await changePassword('a fresh long password', 'yet another long password');
    expect(replay.body.code).toBe('TOTP_INVALID');
  });
});

describe('operators and the audit log', () => {
  it('an owner resets an operator who lost their phone: sessions end, the old password and codes stop, enrolment starts again', async () => {
    const owner = await signedInOperator(server, 'owner', freshIp());
    const lost = await signedInOperator(server, 'finance', freshIp());
    expect((await callWithFreshCode(server, owner, '/operators/reset', { operatorId: owner.id })).body.code).toBe(
      'CANNOT_RESET_SELF',
    );
    const reset = await callWithFreshCode(server, owner, '/operators/reset', { operatorId: lost.id });
    expect(reset.body.obj.operator).toMatchObject({ id: lost.id, isTotpEnrolled: false });
    // The new one-time password went to the operator's own e-mail, not to the owner.
    expect(JSON.stringify(reset.body)).not.toContain(await mailedPassword(lost.login));
    expect((await adminCall(server, '/auth/me', {}, { token: lost.token })).status).toBe(401);
    const ip = freshIp();
    const old = await adminCall(
      server,
      '/auth/signIn',
      { login: lost.login, password: lost.password, code: totpCode(lost.secret, server.clock.now().getTime()) },
      { ip },
    );
    expect(old.body.code).toBe('SIGN_IN_FAILED');
    const fresh = await adminCall(
      server,
      '/auth/signIn',
      { login: lost.login, password: await mailedPassword(lost.login) },
      { ip },
    );
    expect(fresh.body.obj.status).toBe('enrolmentRequired');
    expect(secretOf(fresh.body.obj.otpauthUri)).not.toBe(lost.secret);
  });

  it('an owner creates an operator whose one-time password is e-mailed to them; the row records who, from where, before and after; secrets are never logged', async () => {
    const owner = await signedInOperator(server, 'owner', freshIp());
    const before = await lastAuditId(server);
    const created = await adminCall(
      server,
      '/operators/create',
      { name: 'Ravi', login: 'Ravi@Ops.test', role: 'finance', email: 'ravi@example.com', code: freshCode(server, owner) },
      { token: owner.token, ip: '10.9.9.9' },
    );
    expect(created.body).toMatchObject({
      res: 1,
      obj: { operator: { login: 'ravi@ops.test', role: 'finance', isTotpEnrolled: false }, passwordSentTo: 'ra••••@example.com' },
    });
    const oneTimePassword = await mailedPassword('ravi@example.com');
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(20);
    const duplicate = await callWithFreshCode(server, owner, '/operators/create', {
      name: 'Ravi',
      login: 'ravi@ops.test',
      role: 'finance',
      email: 'ravi@example.com',
    });
    expect(duplicate.body.code).toBe('OPERATOR_EXISTS');
    const rows = await auditRows(server, before);
    expect(rows.map((row) => row.outcome)).toEqual(['ok', expect.stringMatching(/^refused:OPERATOR_EXISTS/)]);
    expect(rows[0]).toMatchObject({
      actor: `operator:${owner.login}`,
      operator_id: BigInt(owner.id),
      ip: '10.9.9.9',
      before: null,
    });
    expect(rows[0]!.after).toMatchObject({ login: 'ravi@ops.test', role: 'finance' });
    expect(JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(
      oneTimePassword,
    );

    const signIns = await auditRows(server, 0n);
    expect(signIns.filter((row) => row.action === 'admin/auth/signIn').every((row) => row.details.password === '[given]')).toBe(
      true,
    );

    const exported = await adminCall(server, '/audit/export', { operatorId: owner.id }, { token: owner.token });
    expect(exported.body.obj).toMatchObject({ isTruncated: false });
    const csvLines = exported.body.obj.csv.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe('id,time,actor,operator id,action,outcome,address,request,before,after');
    expect(csvLines.some((line: string) => line.includes(',admin/operators/create,ok,10.9.9.9,'))).toBe(true);
    expect(exported.body.obj.rowCount).toBe(csvLines.length - 1);

    const page = await adminCall(
      server,
      '/audit/list',
      { operatorId: owner.id, action: 'admin/operators/create', pageSize: 1 },
      { token: owner.token },
    );
    expect(page.body.obj).toMatchObject({ total: 2, pageSize: 1 });
    expect(page.body.obj.list[0]).toMatchObject({ action: 'admin/operators/create', operatorId: owner.id });
  });

  it('the CLI creates the first owner, audited like every command, and the owner can sign in', async () => {
    const result = await runOperatorCommand(
      {
        db: server.ctx.db,
        clock: server.clock,
        log: server.ctx.log,
        gateway: server.ctx.gateway,
        inviteBonus: { bonusPaise: 0n, thresholdPaise: 1n } as never,
        actor: 'cli-test',
        hasher: server.hasher,
      },
      'operator:create',
      { login: 'first-owner@ops.test', name: 'First owner', role: 'owner' },
    );
    expect(result.isOk).toBe(true);
    const password = result.lines.at(-1)!;
    const first = await adminCall(server, '/auth/signIn', { login: 'first-owner@ops.test', password }, { ip: freshIp() });
    expect(first.body.obj.status).toBe('enrolmentRequired');
    const [row] = await server.ctx.db.query<{ details: any }>(
      `select details from admin_audit_log where action = 'operator:create' order by id desc limit 1`,
    );
    expect(row!.details).toEqual({ login: 'first-owner@ops.test', name: 'First owner', role: 'owner' });
    const refused = await runOperatorCommand(
      {
        db: server.ctx.db,
        clock: server.clock,
        log: server.ctx.log,
        gateway: server.ctx.gateway,
        inviteBonus: {} as never,
        actor: 'cli-test',
        hasher: server.hasher,
      },
      'operator:create',
      { login: 'x@ops.test', role: 'king' },
    );
    expect(refused.isOk).toBe(false);
  });
});

describe('CSV cells', () => {
  it('quote what needs quoting and never start a formula', async () => {
    const { csvCell } = await import('./audit-log.ts');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // A plain signed amount is a number, not a formula; anything else starting with - is one.
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-5+cmd')).toBe("'-5+cmd");
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(null)).toBe('');
  });
});

describe('complaints from the console', () => {
  it('support lists, reads, answers and closes a complaint through the CLI’s use cases; the player sees the answer', async () => {
    const support = await signedInOperator(server, 'support', freshIp());
    const player = await quickPlayer(server);
    const filed = await server.call(
      '/user/addComplaints',
      { type: 'recharge', text: 'My deposit did not arrive', screenshots: [{ type: 'image/png', data: PNG_6X4_BASE64 }] },
      { token: player.token },
    );
    const number = filed.body.obj.number;
    const inbox = await adminCall(server, '/complaints/list', {}, { token: support.token });
    expect(inbox.body.obj.list.map((item: any) => item.number)).toContain(number);

    const before = await lastAuditId(server);
    const answer = await adminCall(
      server,
      '/complaints/reply',
      { complaint: number, text: 'Credited, sorry for the wait.' },
      { token: support.token },
    );
    expect(answer.body).toMatchObject({ res: 1, obj: { number, status: 'answered', playerId: player.userId } });
    const [row] = await auditRows(server, before);
    expect(row).toMatchObject({ action: 'admin/complaints/reply', before: { status: 'open' }, after: { status: 'answered' } });

    const seen = await server.call('/user/findComplaint', { id: filed.body.obj.id }, { token: player.token });
    expect(seen.body.obj.messages.at(-1)).toMatchObject({ author: 'operator', text: 'Credited, sorry for the wait.' });
    const thread = await adminCall(server, '/complaints/thread', { complaint: number }, { token: support.token });
    expect(thread.body.obj.messages.at(-1)).toMatchObject({
      author: 'operator',
      operatorName: 'support ' + support.login.split('-')[1]!.split('@')[0],
    });

    const attachment = thread.body.obj.messages[0].attachments[0];
    const screenshot = await adminCall(
      server,
      '/complaints/screenshot',
      { screenshotId: attachment.id },
      { token: support.token },
    );
    expect(screenshot.body.obj).toMatchObject({ type: 'image/png', width: 6, height: 4, dataBase64: PNG_6X4_BASE64 });

    const assigned = await adminCall(
      server,
      '/complaints/assign',
      { complaint: number, operatorId: support.id },
      { token: support.token },
    );
    expect(assigned.body.obj.assignee).toEqual({ id: support.id, name: expect.any(String) });
    const mine = await adminCall(server, '/complaints/list', { status: 'all', assignee: 'me' }, { token: support.token });
    expect(mine.body.obj.list.map((item: any) => item.number)).toEqual([number]);
    const auditor = await signedInOperator(server, 'auditor', freshIp());
    const wrong = await adminCall(
      server,
      '/complaints/assign',
      { complaint: number, operatorId: auditor.id },
      { token: support.token },
    );
    expect(wrong.body.code).toBe('ASSIGNEE_INVALID');
    const unassigned = await adminCall(
      server,
      '/complaints/assign',
      { complaint: number, operatorId: '' },
      { token: support.token },
    );
    expect(unassigned.body.obj.assignee).toBeNull();

    const closed = await adminCall(server, '/complaints/close', { complaint: number }, { token: support.token });
    expect(closed.body.obj.status).toBe('closed');
    const unknown = await adminCall(server, '/complaints/thread', { complaint: 'C20990101999999' }, { token: support.token });
    expect(unknown.body.code).toBe('COMPLAINT_NOT_FOUND');
  });
});

describe('players', () => {
  it('are found by id, mobile number, e-mail or promotion code, with their balances; every search is audited', async () => {
    const risk = await signedInOperator(server, 'risk', freshIp());
    const player = await quickPlayer(server, { cashPaise: 12_345n });
    const [row] = await server.ctx.db.query<{ mobile: string; promotion_code: string }>(
      'select mobile, promotion_code from users where id = $1',
      [player.userId],
    );
    const before = await lastAuditId(server);
    for (const query of [String(player.userId), row!.mobile, row!.promotion_code.toLowerCase()]) {
      const found = await adminCall(server, '/players/search', { query }, { token: risk.token });
      expect(found.body.obj.list, query).toEqual([expect.objectContaining({ id: player.userId, cash: '123.45', bonus: '0.00' })]);
    }
    expect(
      (await adminCall(server, '/players/search', { query: 'nobody@nowhere.test' }, { token: risk.token })).body.obj.list,
    ).toEqual([]);
    expect(await auditRows(server, before)).toHaveLength(4);
  });
});

describe('the gate', () => {
  it('hides the API and the console when ADMIN_ENABLED is off, and from addresses outside ADMIN_ALLOWED_IPS', async () => {
    const off = await startTestServer({ ADMIN_ENABLED: 'false' });
    try {
      expect((await adminCall(off, '/auth/me')).status).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/admin/' })).statusCode).toBe(404);
    } finally {
      await off.stop();
    }
    const listed = await startTestServer({ ADMIN_ALLOWED_IPS: '10.0.0.0/8, 192.168.1.7' });
    try {
      expect((await adminCall(listed, '/auth/me', {}, { ip: '127.0.0.1' })).status).toBe(404);
      expect((await adminCall(listed, '/auth/me', {}, { ip: '10.4.5.6' })).status).toBe(401);
      expect((await adminCall(listed, '/auth/me', {}, { ip: '192.168.1.7' })).status).toBe(401);
    } finally {
      await listed.stop();
    }
  });

  it('serves the built console under /admin with its index.html for the router’s paths, and never for a missing asset', async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-admin-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>console</title>');
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'export {};');
    const served = await startTestServer({ ADMIN_DIST_DIR: distDir });
    try {
      for (const url of ['/admin', '/admin/', '/admin/complaints/C20261124000001']) {
        const page = await served.app.inject({ method: 'GET', url });
        expect([page.statusCode, page.headers['content-type']], url).toEqual([200, 'text/html; charset=utf-8']);
        expect(page.body, url).toContain('<title>console</title>');
        expect(page.headers['x-robots-tag'], url).toBe('noindex, nofollow');
        expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      }
      const asset = await served.app.inject({ method: 'GET', url: '/admin/assets/app-abc123.js' });
      expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
      expect((await served.app.inject({ method: 'GET', url: '/admin/assets/gone-000.js' })).statusCode).toBe(404);
      const api = await adminCall(served, '/auth/me');
      expect(api.headers['cache-control']).toBe('no-store');
      expect((await served.app.inject({ method: 'POST', url: '/admin-api/no/such/endpoint', payload: {} })).statusCode).toBe(404);
      const openapi = (await served.app.inject({ method: 'GET', url: '/admin-api/openapi.json' })).json();
      expect(openapi.paths['/admin-api/withdrawals/approve'].post['x-roles']).toEqual(['owner', 'finance']);
    } finally {
      await served.stop();
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('is off by default in production and on by default on the embedded default', async () => {
    expect(loadConfig(PRODUCTION_ENV).admin.isEnabled).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, ADMIN_ENABLED: 'true', ADMIN_ALLOWED_IPS: '10.8.0.0/16' }).admin.isEnabled).toBe(true);
    expect(loadConfig({}).admin.isEnabled).toBe(true);
  });
});
