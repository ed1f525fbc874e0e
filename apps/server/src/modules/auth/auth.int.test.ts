import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.stop();
});

async function countUsers() {
  const rows = await server.ctx.db.query<{ n: bigint }>('select count(*) as n from users');
  return Number(rows[0]!.n);
}

/** Sends a code to `mobile` and reads it from the outbox. */
async function freshCode(on: TestServer, mobile: string): Promise<string> {
  await on.call('/smsserver/getCode', { mobile });
  return on.lastCode(mobile);
}

/** A registration of `mobile` with `code`, its password and both confirmations given. */
const registration = (mobile: string, code: string, password = 'secret-pass-1') => ({
  mobile,
  password,
  code,
  ageConfirmed: true,
  riskAccepted: true,
});

describe('one-time codes', () => {
  it('sends a 6-digit code to the outbox and refuses a second send within a minute', async () => {
    const first = await server.call('/smsserver/getCode', { mobile: '+91 98765 43210' });
    expect(first.body).toEqual({ res: 1, resMsg: 'success', obj: { resendAfterSec: 60 } });
    const [message] = await server.outbox();
    expect(message!.to).toBe('9876543210');
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.text).toContain(message!.code);

    const second = await server.call('/smsserver/getCode', { mobile: '9876543210' });
    expect(second.body).toMatchObject({ res: 0, code: 'WAIT_ONE_MINUTE', resMsg: 'Please wait one minute' });
    expect(await server.outbox()).toHaveLength(1);

    server.clock.advance(60_000);
    expect((await server.call('/smsserver/getCode', { mobile: '9876543210' })).body.res).toBe(1);
  });

  it('lets only one of many concurrent sends to one destination through', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => server.call('/smsserver/getCode', { email: 'race@example.com' }).catch(() => null)),
    );
    const emailReplies = await Promise.all(
      Array.from({ length: 20 }, () => server.call('/smsserver/getEmailCode', { email: 'race@example.com' })),
    );
    expect(replies.every((reply) => reply?.body.code === 'MOBILE_REQUIRED')).toBe(true);
    expect(emailReplies.filter((reply) => reply.body.res === 1)).toHaveLength(1);
    expect(emailReplies.filter((reply) => reply.body.code === 'WAIT_ONE_MINUTE')).toHaveLength(19);
  });

  it('is single use', async () => {
    await server.registerMobile('9876500001');
    const code = await server.lastCode('9876500001');
    const reset = await server.call('/user/fogetPSW', { mobile: '9876500001', code, password: 'another-pass-2' });
    expect(reset.body).toMatchObject({ res: 0, code: 'CODE_INVALID' });
  });

  it('expires after 10 minutes', async () => {
    const code = await freshCode(server, '9876500002');
    server.clock.advance(10 * 60_000 + 1);
    const reply = await server.call('/user/regist', registration('9876500002', code));
    expect(reply.body).toMatchObject({ res: 0, code: 'CODE_INVALID', field: 'code' });
    expect(await countUsers()).toBe(0);
  });

  it('stops accepting even the right code from a source after its 5 wrong tries (lockouts.int.test.ts has the rest)', async () => {
    const code = await freshCode(server, '9876500003');
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (candidate: string) => server.call('/user/regist', registration('9876500003', candidate));
    const wrongReplies = await Promise.all(Array.from({ length: 8 }, () => attempt(wrong)));
    expect(wrongReplies.filter((reply) => reply.body.code === 'CODE_INVALID')).toHaveLength(5);
    expect(wrongReplies.filter((reply) => reply.body.code === 'CODE_TRIES_THROTTLED')).toHaveLength(3);
    expect((await attempt(code)).body.code).toBe('CODE_TRIES_THROTTLED');
    expect(await countUsers()).toBe(0);
  });
});

describe('registration', () => {
  it('registers by mobile, returns a session and links the inviter by recommendation code', async () => {
    const inviter = await server.registerMobile('9876500010');
    const invitee = await server.registerMobile('9876500011', 'secret-pass-1', {
      invitationCode: inviter.user.promotionCode.toLowerCase(),
    });
    expect(invitee.token.length).toBeGreaterThanOrEqual(22);
    expect(invitee.user).toMatchObject({ mobile: '9876500011', email: null, balance: '0.00', bonus: '0.00', level: 0 });
    const rows = await server.ctx.db.query<{ inviter_id: number }>('select inviter_id from users where id = $1', [
      invitee.user.id,
    ]);
    expect(rows[0]!.inviter_id).toBe(inviter.user.id);
    const info = await server.call('/user/findUserInfo', {}, { token: invitee.token });
    expect(info.body.obj.id).toBe(invitee.user.id);
  });

  it('registers by e-mail over a form-encoded body', async () => {
    await server.call('/smsserver/getEmailCode', { email: 'Player@Example.com' }, { form: true });
    const code = await server.lastCode('player@example.com');
    const reply = await server.call(
      '/user/emailRegist',
      { email: 'player@example.com', password: 'secret-pass-1', code, ageConfirmed: 'on', riskAccepted: '1' },
      { form: true },
    );
    expect(reply.body.res).toBe(1);
    expect(reply.body.obj.user.email).toBe('player@example.com');
  });

  it('refuses a second account on the same mobile and keeps the code usable', async () => {
    await server.registerMobile('9876500012');
    server.clock.advance(61_000);
    const code = await freshCode(server, '9876500012');
    const reply = await server.call('/user/regist', registration('9876500012', code));
    expect(reply.body).toMatchObject({ res: 0, code: 'ACCOUNT_EXISTS' });
    expect(await countUsers()).toBe(1);
    expect((await server.call('/user/fogetPSW', { mobile: '9876500012', code, password: 'changed-pass-3' })).body.res).toBe(1);
  });

  it('does not tell who is registered to a caller without a valid code', async () => {
    await server.registerMobile('9876500017');
    const hash = vi.spyOn(server.hasher, 'hash');
    const existing = await server.call('/user/regist', registration('9876500017', '000000'));
    const unknown = await server.call('/user/regist', registration('9876500018', '000000'));
    expect(existing.body).toEqual(unknown.body);
    expect(existing.body).toMatchObject({ res: 0, code: 'CODE_INVALID', field: 'code' });
    expect(hash).not.toHaveBeenCalled();
  });

  it('requires the age confirmation, the risk acceptance and a known recommendation code', async () => {
    const code = await freshCode(server, '9876500013');
    const base = { mobile: '9876500013', password: 'secret-pass-1', code };
    expect((await server.call('/user/regist', { ...base, riskAccepted: true })).body.code).toBe('AGE_CONFIRMATION_REQUIRED');
    expect((await server.call('/user/regist', { ...base, ageConfirmed: true })).body.code).toBe('RISK_ACCEPTANCE_REQUIRED');
    const unknown = await server.call('/user/regist', {
      ...base,
      ageConfirmed: true,
      riskAccepted: true,
      invitationCode: 'NOPE1234',
    });
    expect(unknown.body).toMatchObject({
      code: 'RECOMMENDATION_CODE_INVALID',
      resMsg: 'This recommendation code does not exist',
    });
    expect(await countUsers()).toBe(0);
    expect((await server.call('/user/regist', { ...base, ageConfirmed: true, riskAccepted: true })).body.res).toBe(1);
  });

  it('checks the mobile number and the password rules', async () => {
    expect((await server.call('/smsserver/getCode', { mobile: '12345' })).body).toMatchObject({
      code: 'MOBILE_INVALID',
      resMsg: 'Please check mobile number',
    });
    expect((await server.call('/smsserver/getCode', {})).body).toMatchObject({
      code: 'MOBILE_REQUIRED',
      resMsg: 'Mobile Number is required',
    });
    const short = await server.call('/user/regist', registration('9876500014', '123456', 'short'));
    expect(short.body).toMatchObject({ code: 'PASSWORD_INVALID', field: 'password' });
  });
});

describe('registration switch', () => {
  it('tells the client the defaults', async () => {
    const reply = await server.call('/user/findRegistSwitch');
    expect(reply.body.obj).toEqual({ registerOpen: true, invitationCodeRequired: false });
  });

  it('enforces a required recommendation code and closed registration', async () => {
    const strict = await startTestServer({ INVITATION_CODE_REQUIRED: 'true' });
    try {
      expect((await strict.call('/user/findRegistSwitch')).body.obj.invitationCodeRequired).toBe(true);
      const code = await freshCode(strict, '9876500015');
      const reply = await strict.call('/user/regist', registration('9876500015', code));
      expect(reply.body).toMatchObject({ code: 'RECOMMENDATION_CODE_REQUIRED', resMsg: 'Recommendation code is required' });
    } finally {
      await strict.stop();
    }
    const closed = await startTestServer({ REGISTRATION_OPEN: 'false' });
    try {
      expect((await closed.call('/user/findRegistSwitch')).body.obj.registerOpen).toBe(false);
      expect((await closed.call('/user/regist', registration('9876500016', '123456'))).body.code).toBe('REGISTRATION_CLOSED');
    } finally {
      await closed.stop();
    }
  });
});

describe('login and sessions', () => {
  it('gives an unknown account and a wrong password the same refusal', async () => {
    await server.registerMobile('9876500020');
    const wrongPassword = await server.call('/user/login', { mobile: '9876500020', password: 'not-the-password' });
    const unknownUser = await server.call('/user/login', { mobile: '9876500021', password: 'not-the-password' });
    expect(wrongPassword.body).toEqual(unknownUser.body);
    expect(wrongPassword.body).toEqual({ res: 0, resMsg: 'Wrong account or password', code: 'LOGIN_FAILED' });
  });

  it('issues a new token on every login and stores only its hash', async () => {
    const { token: first } = await server.registerMobile('9876500022', 'secret-pass-1');
    const second = (await server.call('/user/login', { mobile: '9876500022', password: 'secret-pass-1' })).body.obj.token;
    expect(second).not.toBe(first);
    expect(Buffer.from(second, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await server.ctx.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(stored.map((row) => row.token_hash)).not.toContain(second);
    expect((await server.call('/user/findUserInfo', {}, { token: first })).body.res).toBe(1);
    expect((await server.call('/user/findUserInfo', {}, { token: `Bearer ${second}` })).body.res).toBe(1);
  });

  it('throttles repeated attempts on one account, even with the right password', async () => {
    await server.registerMobile('9876500023', 'secret-pass-1');
    for (let i = 0; i < 5; i++) {
      expect((await server.call('/user/login', { mobile: '9876500023', password: `wrong-${i}-pass` })).body.code).toBe(
        'LOGIN_FAILED',
      );
    }
    const blocked = await server.call('/user/login', { mobile: '9876500023', password: 'secret-pass-1' });
    expect(blocked.body.code).toBe('LOGIN_THROTTLED');
  });

  it('keeps the right password working from another source after five wrong ones from one source', async () => {
    await server.registerMobile('9876500025', 'secret-pass-1');
    for (let i = 0; i < 5; i++) {
      const reply = await server.call(
        '/user/login',
        { mobile: '9876500025', password: `wrong-${i}-pass` },
        { ip: '203.0.113.7' },
      );
      expect(reply.body.code).toBe('LOGIN_FAILED');
    }
    const attacker = await server.call('/user/login', { mobile: '9876500025', password: 'secret-pass-1' }, { ip: '203.0.113.7' });
    expect(attacker.body.code).toBe('LOGIN_THROTTLED');
    const player = await server.call('/user/login', { mobile: '9876500025', password: 'secret-pass-1' }, { ip: '198.51.100.20' });
    expect(player.body.res).toBe(1);
  });

  it('counts an IPv6 network (/64) as one source', async () => {
    await server.registerMobile('9876500026', 'secret-pass-1');
    for (let i = 0; i < 5; i++) {
      const ip = `2001:db8:1:2::${i + 1}`;
      expect((await server.call('/user/login', { mobile: '9876500026', password: `wrong-${i}-pass` }, { ip })).body.code).toBe(
        'LOGIN_FAILED',
      );
    }
    const sameNetwork = await server.call(
      '/user/login',
      { mobile: '9876500026', password: 'secret-pass-1' },
      { ip: '2001:db8:1:2:ffff::9' },
    );
    expect(sameNetwork.body.code).toBe('LOGIN_THROTTLED');
    const otherNetwork = await server.call(
      '/user/login',
      { mobile: '9876500026', password: 'secret-pass-1' },
      { ip: '2001:db8:1:3::1' },
    );
    expect(otherNetwork.body.res).toBe(1);
  });

  it('logs in by e-mail and revokes the session on logout', async () => {
    await server.call('/smsserver/getEmailCode', { email: 'mail@example.com' });
    const code = await server.lastCode('mail@example.com');
    await server.call('/user/emailRegist', {
      email: 'mail@example.com',
      password: 'secret-pass-1',
      code,
      ageConfirmed: true,
      riskAccepted: true,
    });
    const { token } = (await server.call('/user/emailLogin', { email: 'MAIL@example.com', password: 'secret-pass-1' })).body.obj;
    expect((await server.call('/user/logout', {}, { token })).body).toEqual({ res: 1, resMsg: 'success', obj: null });
    const after = await server.call('/user/findUserInfo', {}, { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ res: 401, resMsg: 'The certification has expired', code: 'UNAUTHORIZED' });
  });

  it('expires sessions after their lifetime', async () => {
    const { token } = await server.registerMobile('9876500024');
    server.clock.advance(server.ctx.config.sessionTtlMs + 1);
    expect((await server.call('/user/balance', {}, { token })).status).toBe(401);
  });
});

describe('password changes', () => {
  it('resets the login password with a code and revokes every session', async () => {
    const { token } = await server.registerMobile('9876500030', 'secret-pass-1');
    const other = (await server.call('/user/login', { mobile: '9876500030', password: 'secret-pass-1' })).body.obj.token;
    server.clock.advance(61_000);
    const code = await freshCode(server, '9876500030');
    expect((await server.call('/user/fogetPSW', { mobile: '9876500030', code, password: 'brand-new-pass' })).body.res).toBe(1);
    expect((await server.call('/user/findUserInfo', {}, { token })).status).toBe(401);
    expect((await server.call('/user/findUserInfo', {}, { token: other })).status).toBe(401);
    expect((await server.call('/user/login', { mobile: '9876500030', password: 'secret-pass-1' })).body.code).toBe(
      'LOGIN_FAILED',
    );
    expect((await server.call('/user/login', { mobile: '9876500030', password: 'brand-new-pass' })).body.res).toBe(1);
  });

  it('tells only the owner of a proven address that no account is registered there', async () => {
    await server.call('/smsserver/getEmailCode', { email: 'nobody@example.com' });
    const code = await server.lastCode('nobody@example.com');
    const reply = await server.call('/user/fogetPSWEmail', { email: 'nobody@example.com', code, password: 'brand-new-pass' });
    expect(reply.body).toMatchObject({ res: 0, code: 'ACCOUNT_NOT_FOUND' });
  });

  it('answers a reset with a wrong code the same for an existing and an unknown account, before any argon2', async () => {
    await server.registerMobile('9876500033', 'secret-pass-1');
    const hash = vi.spyOn(server.hasher, 'hash');
    const verify = vi.spyOn(server.hasher, 'verify');
    const verifyAgainstDummy = vi.spyOn(server.hasher, 'verifyAgainstDummy');
    const existing = await server.call('/user/fogetPSW', { mobile: '9876500033', code: '000000', password: 'brand-new-pass' });
    const unknown = await server.call('/user/fogetPSW', { mobile: '9876500034', code: '000000', password: 'brand-new-pass' });
    expect(unknown.body).toEqual(existing.body);
    expect(existing.body).toEqual({ res: 0, resMsg: 'The code is wrong or has expired', code: 'CODE_INVALID', field: 'code' });
    expect(hash).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
    expect(verifyAgainstDummy).not.toHaveBeenCalled();
  });

  it('throttles resets per source address', async () => {
    const attempt = (i: number, ip: string) =>
      server.call(
        '/user/fogetPSW',
        { mobile: `98765${String(i).padStart(5, '0')}`, code: '000000', password: 'brand-new-pass' },
        { ip },
      );
    for (let i = 0; i < 20; i++) expect((await attempt(i, '10.1.1.1')).body.code).toBe('CODE_INVALID');
    expect((await attempt(20, '10.1.1.1')).body.code).toBe('RATE_LIMITED');
    expect((await attempt(21, '10.1.1.2')).body.code).toBe('CODE_INVALID');
  });

  it('refuses a withdrawal password equal to the login password, and a login password equal to the withdrawal password', async () => {
    const { token } = await server.registerMobile('9876500035', 'same-pass-123');
    server.clock.advance(61_000);
    const code = await freshCode(server, '9876500035');
    const same = await server.call(
      '/user/changeWithdrawPsw',
      { mobile: '9876500035', code, withdrawPassword: 'same-pass-123' },
      { token },
    );
    expect(same.body).toEqual({
      res: 0,
      resMsg: 'The withdrawal password must differ from the login password',
      code: 'WITHDRAW_PASSWORD_SAME_AS_LOGIN',
      field: 'withdrawPassword',
    });
    const rows = await server.ctx.db.query<{ withdraw_password_hash: string | null }>(
      'select withdraw_password_hash from users where mobile = $1',
      ['9876500035'],
    );
    expect(rows[0]!.withdraw_password_hash).toBeNull();
    // The refusal did not spend the code: the player picks another password and goes on.
    const other = await server.call(
      '/user/changeWithdrawPsw',
      { mobile: '9876500035', code, withdrawPassword: 'other-pass-456' },
      { token },
    );
    expect(other.body.res).toBe(1);

    server.clock.advance(61_000);
    await server.call('/smsserver/getCode', { mobile: '9876500035' });
    const resetCode = await server.lastCode('9876500035');
    const reset = await server.call('/user/fogetPSW', { mobile: '9876500035', code: resetCode, password: 'other-pass-456' });
    expect(reset.body).toMatchObject({ res: 0, code: 'WITHDRAW_PASSWORD_SAME_AS_LOGIN', field: 'password' });
    expect((await server.call('/user/login', { mobile: '9876500035', password: 'same-pass-123' })).body.res).toBe(1);
  });

  it("sets the withdrawal password (hashed) only with a code to the player's own mobile, ending other sessions", async () => {
    const { token, user } = await server.registerMobile('9876500031', 'secret-pass-1');
    const other = (await server.call('/user/login', { mobile: '9876500031', password: 'secret-pass-1' })).body.obj.token;
    await server.registerMobile('9876500032');
    server.clock.advance(61_000);

    const notMine = await server.call(
      '/user/changeWithdrawPsw',
      { mobile: '9876500032', code: '123456', withdrawPassword: '654321' },
      { token },
    );
    expect(notMine.body.code).toBe('ACCOUNT_MISMATCH');
    const noSession = await server.call('/user/changeWithdrawPsw', {
      mobile: '9876500031',
      code: '123456',
      withdrawPassword: '654321',
    });
    expect(noSession.status).toBe(401);

    const code = await freshCode(server, '9876500031');
    const reply = await server.call(
      '/user/changeWithdrawPsw',
      { mobile: '9876500031', code, withdrawPassword: '654321' },
      { token },
    );
    expect(reply.body.res).toBe(1);
    const rows = await server.ctx.db.query<{ withdraw_password_hash: string }>(
      'select withdraw_password_hash from users where id = $1',
      [user.id],
    );
    expect(rows[0]!.withdraw_password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await server.call('/user/findUserInfo', {}, { token })).body.obj.hasWithdrawPassword).toBe(true);
    expect((await server.call('/user/findUserInfo', {}, { token: other })).status).toBe(401);
  });
});

describe('profile', () => {
  it('changes the nick name within its bounds', async () => {
    const { token } = await server.registerMobile('9876500040');
    expect((await server.call('/user/changeNick', { nickName: '  Lucky Star  ' }, { token })).body.obj.nickName).toBe(
      'Lucky Star',
    );
    expect((await server.call('/user/changeNick', { nickName: '   ' }, { token })).body.code).toBe('NICKNAME_REQUIRED');
    expect((await server.call('/user/changeNick', { nickName: 'x'.repeat(21) }, { token })).body.code).toBe('NICKNAME_INVALID');
    expect((await server.call('/user/findUserInfo', {}, { token })).body.obj.nickName).toBe('Lucky Star');
  });

  it('shows a zero balance until the wallet exists', async () => {
    const { token } = await server.registerMobile('9876500041');
    expect((await server.call('/user/balance', {}, { token })).body.obj).toEqual({ balance: '0.00', bonus: '0.00' });
  });
});

describe('token handover', () => {
  it('exchanges a valid token for a fresh session and spends the old one', async () => {
    const { token, user } = await server.registerMobile('9876500050');
    const handed = await server.call('/third/login', { token });
    expect(handed.body.obj.user.id).toBe(user.id);
    expect(handed.body.obj.token).not.toBe(token);
    expect((await server.call('/user/findUserInfo', {}, { token: handed.body.obj.token })).body.res).toBe(1);
    expect((await server.call('/user/findUserInfo', {}, { token })).status).toBe(401);
    expect((await server.call('/third/login', { token })).status).toBe(401);
  });

  it('never extends a session: a chain of handovers ends when the first session would have', async () => {
    const { token } = await server.registerMobile('9876500051');
    const day = 24 * 3_600_000;
    let current = token;
    for (let hop = 0; hop < 3; hop++) {
      server.clock.advance(9 * day);
      const handed = await server.call('/third/login', { token: current });
      expect(handed.body.res).toBe(1);
      current = handed.body.obj.token;
    }
    // 30 days after registration the original session would have expired, and so does the last handed one.
    server.clock.advance(server.ctx.config.sessionTtlMs - 27 * day + 1);
    expect((await server.call('/user/findUserInfo', {}, { token: current })).status).toBe(401);
    expect((await server.call('/third/login', { token: current })).status).toBe(401);
  });
});
