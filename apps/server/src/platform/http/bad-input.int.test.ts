import { endpoints } from '@mayur/contracts';
import { ERROR_MESSAGES, isErrorCode } from '@mayur/rules/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// Every endpoint of the contracts map gets malformed, missing, oversized and wrong-typed input. The
// answer must always be an envelope with a stable code and a readable message: never a 500, and no
// write may happen.

let server: TestServer;
let token: string;
const paths = Object.keys(endpoints) as Array<keyof typeof endpoints>;

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.registerMobile('9876511111')).token;
});
afterAll(async () => {
  await server.stop();
});

async function tableCounts() {
  const rows = await server.ctx.db.query<{ users: bigint; sessions: bigint; codes: bigint; outbox: bigint }>(
    `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
            (select count(*) from verification_codes) as codes, (select count(*) from outbox_messages) as outbox`,
  );
  return rows[0];
}

function expectRefusal(status: number, body: any) {
  expect(status).not.toBe(500);
  expect([0, 401]).toContain(body.res);
  expect(isErrorCode(body.code)).toBe(true);
  expect(body.resMsg).toBe(ERROR_MESSAGES[body.code as keyof typeof ERROR_MESSAGES]);
}

const junkValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', '<script>', "'; drop table users; --", '\u0000', 'x'.repeat(5000)),
);
const fieldNames = fc.constantFrom(
  'mobile',
  'email',
  'password',
  'code',
  'invitationCode',
  'nickName',
  'withdrawPassword',
  'token',
  'pageNum',
  'pageSize',
  'ageConfirmed',
  'riskAccepted',
  '__proto__',
  'constructor',
  'userId',
  'balance',
  'level',
);
const junkBody = fc.oneof(fc.dictionary(fieldNames, junkValue, { maxKeys: 6 }), fc.array(junkValue, { maxLength: 3 }), junkValue);

describe('bad input on every endpoint', () => {
  it.each(paths)('%s answers junk with a coded refusal and writes nothing', async (path) => {
    // A fresh session per endpoint: the junk sent to /user/logout and /third/login may spend the last one.
    // Each endpoint logs in from its own address, so the per-IP login limit (50 per 15 minutes) is not reached.
    const ip = `10.9.${paths.indexOf(path)}.9`;
    token = (await server.call('/user/login', { mobile: '9876511111', password: 'secret-pass-1' }, { ip })).body.obj.token;
    const before = await tableCounts();
    await fc.assert(
      fc.asyncProperty(junkBody, fc.boolean(), async (body, isSignedIn) => {
        const response = await server.app.inject({
          method: 'POST',
          url: `/api${path}`,
          headers: { 'content-type': 'application/json', ...(isSignedIn ? { authorization: token } : {}) },
          payload: JSON.stringify(body),
        });
        const reply = response.json();
        expect(response.statusCode).not.toBe(500);
        if (reply.res === 1) {
          // Junk may still be a valid call for endpoints without required fields (lists, logout, ...).
          expect(endpoints[path].request.safeParse(body ?? {}).success || typeof body !== 'object').toBe(true);
        } else {
          expectRefusal(response.statusCode, reply);
        }
      }),
      { numRuns: 60 },
    );
    const after = await tableCounts();
    if (path !== '/user/logout' && path !== '/third/login') expect(after).toEqual(before);
  });

  it.each(paths)('%s refuses malformed JSON, wrong media types and oversized bodies', async (path) => {
    const post = (contentType: string, payload: string) =>
      server.app.inject({ method: 'POST', url: `/api${path}`, headers: { 'content-type': contentType }, payload });
    const malformed = await post('application/json', '{"mobile":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ res: 0, resMsg: ERROR_MESSAGES.BAD_REQUEST, code: 'BAD_REQUEST' });

    const xml = await post('application/xml', '<a/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await post('application/json', JSON.stringify({ mobile: '9'.repeat(100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('field-level refusals carry the spec messages', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['/user/login', { mobile: '9876511111' }, 'PASSWORD_REQUIRED', 'Password is required'],
    ['/user/login', { password: 'x' }, 'MOBILE_REQUIRED', 'Mobile Number is required'],
    ['/user/login', { mobile: 98765, password: 'x' }, 'MOBILE_REQUIRED', 'Mobile Number is required'],
    ['/user/emailLogin', { password: 'x' }, 'EMAIL_REQUIRED', 'Email is required'],
    ['/user/emailLogin', { email: 'not-an-email', password: 'x' }, 'EMAIL_INVALID', 'Please check email address'],
    ['/user/regist', { mobile: '9876500000', password: 'secret-pass-1' }, 'CODE_REQUIRED', 'code is required'],
    [
      '/user/regist',
      { mobile: '5876500000', password: 'secret-pass-1', code: '123456' },
      'MOBILE_INVALID',
      'Please check mobile number',
    ],
    [
      '/user/fogetPSW',
      { mobile: '9876500000', password: 'secret-pass-1', code: '12ab56' },
      'CODE_INVALID',
      'The code is wrong or has expired',
    ],
    ['/user/findNotice', { pageNum: 0 }, 'INVALID_FIELD', 'Please check the form'],
    ['/user/findNotice', { pageSize: '1000' }, 'INVALID_FIELD', 'Please check the form'],
  ];
  it.each(cases)('%s %j → %s', async (path, body, code, message) => {
    const reply = await server.call(path, body);
    expect(reply.body).toMatchObject({ res: 0, code, resMsg: message });
  });

  it('ignores fields a caller may not set', async () => {
    token = (await server.call('/user/login', { mobile: '9876511111', password: 'secret-pass-1' }, { ip: '10.9.250.9' })).body.obj
      .token;
    const reply = await server.call(
      '/user/changeNick',
      { nickName: 'Honest', level: 99, balance: '1000000.00', userId: 1 },
      { token },
    );
    expect(reply.body.obj).toMatchObject({ nickName: 'Honest', level: 0, balance: '0.00' });
  });

  it('refuses unknown API paths with a 404 envelope', async () => {
    const reply = await server.call('/user/doesNotExist');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ res: 0, resMsg: 'Not found', code: 'NOT_FOUND' });
  });
});
