import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createOperator } from './operators.ts';
import { adminCall, freshAddresses, freshCode, signedInOperator, type SignedInOperator } from '../../../test/admin-operators.ts';

// Who can stop an operator signing in: failures count per login and address (5), per address (20,
// failures only) and per login across addresses (a ceiling of 100, or 5 wrong second factors after the
// right password). A stranger's failures never stop the operator from an address they signed in from
// before, nor a recovery code from anywhere; and no answer tells a right password from a wrong one.

let server: TestServer;
const freshIp = freshAddresses('10.91');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());

/** The operator's own password with their app's next code, from `ip`. */
const signInWithApp = (operator: SignedInOperator, ip: string) =>
  adminCall(
    server,
    '/auth/signIn',
    { login: operator.login, password: operator.password, code: freshCode(server, operator) },
    { ip },
  );

const signInWithRecoveryCode = (operator: SignedInOperator, recoveryCode: string, ip: string) =>
  adminCall(server, '/auth/signIn', { login: operator.login, password: operator.password, recoveryCode }, { ip });

/**
 * Once the operator's login is throttled, their app's code from a new address is refused, while a recovery
 * code from a new address and the app's code from an address they signed in from before still sign in.
 */
async function expectOnlyRecoveryCodeOrKnownAddressSignsIn(operator: SignedInOperator, knownIp: string, recoveryCode: string) {
  const app = await signInWithApp(operator, freshIp());
  expect(app.body.code).toBe('SIGN_IN_THROTTLED');
  const recovered = await signInWithRecoveryCode(operator, recoveryCode, freshIp());
  expect(recovered.body).toMatchObject({ res: 1, obj: { status: 'signedIn' } });
  const fromKnown = await signInWithApp(operator, knownIp);
  expect(fromKnown.body).toMatchObject({ res: 1, obj: { status: 'signedIn' } });
}

async function wrongPasswords(login: string, addresses: number, perAddress: number) {
  const codes: string[] = [];
  for (let address = 0; address < addresses; address++) {
    const ip = freshIp();
    for (let attempt = 0; attempt < perAddress; attempt++)
      codes.push((await adminCall(server, '/auth/signIn', { login, password: `wrong password ${attempt}` }, { ip })).body.code);
  }
  return codes;
}

describe('operator sign-in throttling', () => {
  it('five wrong passwords from a stranger’s address do not stop the operator signing in from another', async () => {
    const operator = await signedInOperator(server, 'support', freshIp());
    const strangerIp = freshIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await adminCall(
        server,
        '/auth/signIn',
        { login: operator.login, password: 'guessed wrong' },
        { ip: strangerIp },
      );
      expect(reply.body.code).toBe('SIGN_IN_FAILED');
    }
    const stranger = await signInWithApp(operator, strangerIp);
    expect(stranger.body.code).toBe('SIGN_IN_THROTTLED');
    const own = await signInWithApp(operator, freshIp());
    expect(own.body).toMatchObject({ res: 1, obj: { status: 'signedIn' } });
  });

  it(
    'at the login’s ceiling, a recovery code signs in from a fresh address, the app’s code from an address used before',
    { timeout: 120_000 },
    async () => {
      const knownIp = freshIp();
      const operator = await signedInOperator(server, 'finance', knownIp);
      const codes = await wrongPasswords(operator.login, 20, 5);
      expect(codes).toEqual(Array(100).fill('SIGN_IN_FAILED'));

      // A stranger who guesses the password now is answered as every other stranger, whatever the code.
      await expectOnlyRecoveryCodeOrKnownAddressSignsIn(operator, knownIp, operator.recoveryCodes[0]!);
    },
  );

  it('after five wrong codes with the right password, only a recovery code or an address used before signs in', async () => {
    const knownIp = freshIp();
    const operator = await signedInOperator(server, 'auditor', knownIp);
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await adminCall(
        server,
        '/auth/signIn',
        { login: operator.login, password: operator.password, code: '000000' },
        { ip: freshIp() },
      );
      expect(reply.body.code).toBe('SIGN_IN_FAILED');
    }
    await expectOnlyRecoveryCodeOrKnownAddressSignsIn(operator, knownIp, operator.recoveryCodes[1]!);
  });

  it('counts only failures against an address: 21 complete sign-ins from one address in 15 minutes all succeed', async () => {
    const operator = await signedInOperator(server, 'support', freshIp());
    const officeIp = freshIp();
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const reply = await signInWithApp(operator, officeIp);
      statuses.push(reply.body.obj?.status ?? reply.body.code);
    }
    expect(statuses).toEqual(Array(21).fill('signedIn'));
  });

  it('still stops an address after 20 failures, whatever the logins', async () => {
    const ip = freshIp();
    const codes: string[] = [];
    for (let attempt = 0; attempt < 21; attempt++)
      codes.push(
        (await adminCall(server, '/auth/signIn', { login: `nobody-${attempt}@ops.test`, password: 'wrong password' }, { ip }))
          .body.code,
      );
    expect(codes.slice(0, 20)).toEqual(Array(20).fill('SIGN_IN_FAILED'));
    expect(codes[20]).toBe('SIGN_IN_THROTTLED');
  });
});

describe('the sign-in answer', () => {
  it('is one refusal for a wrong password and for the right password with no code or a wrong one', async () => {
    const operator = await signedInOperator(server, 'risk', freshIp());
    const ip = freshIp();
    const call = (body: Record<string, string>) => adminCall(server, '/auth/signIn', { login: operator.login, ...body }, { ip });
    const wrongPassword = await call({ password: 'not the password' });
    const rightWithoutCode = await call({ password: operator.password });
    const rightWithWrongCode = await call({ password: operator.password, code: '000000' });
    const rightWithUsedRecovery = await call({ password: operator.password, recoveryCode: 'AAAAA-AAAAA' });
    const refusal = { res: 0, resMsg: 'Wrong login, password or code', code: 'SIGN_IN_FAILED' };
    expect(rightWithoutCode.body).toEqual(refusal);
    expect(wrongPassword.body).toEqual(refusal);
    expect(rightWithWrongCode.body).toEqual(refusal);
    expect(rightWithUsedRecovery.body).toEqual(refusal);
  });

  it('leads an operator who never enrolled to enrolment with the one-time password, whatever the code field holds', async () => {
    const login = 'first-time@ops.test';
    const created = await createOperator(
      server.ctx.db,
      server.hasher,
      { name: 'New Operator', login, role: 'support', createdBy: null },
      server.clock.now(),
    );
    const ip = freshIp();
    const withCode = await adminCall(
      server,
      '/auth/signIn',
      { login, password: created.oneTimePassword, code: '123456' },
      { ip },
    );
    expect(withCode.body.obj).toMatchObject({ status: 'enrolmentRequired' });
    const wrong = await adminCall(server, '/auth/signIn', { login, password: 'not the one-time password' }, { ip });
    expect(wrong.body.code).toBe('SIGN_IN_FAILED');
  });
});
