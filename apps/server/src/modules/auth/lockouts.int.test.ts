import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// What a stranger cannot do to a player: lock them out of logging in from their own network, or spend
// the code they were just sent. Wrong guesses are counted per source; what every source adds up to is
// bounded without becoming a lock (decision 0010). A hundred argon2 verifications take a while on a
// busy machine: those tests get two minutes.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.stop();
});

async function wrongPasswords(mobile: string, sources: number, perSource: number, network: number) {
  // Sources guess side by side, each one try after another.
  const bySource = await Promise.all(
    Array.from({ length: sources }, async (_, source) => {
      const ip = `203.0.${network}.${source + 1}`;
      const codes: string[] = [];
      for (let attempt = 0; attempt < perSource; attempt++)
        codes.push((await server.call('/user/login', { mobile, password: `wrong-${attempt}-pass` }, { ip })).body.code);
      return codes;
    }),
  );
  return bySource.flat();
}

describe('login under a distributed guess', () => {
  it('100 wrong passwords from 20 sources do not stop the owner from their own source', { timeout: 120_000 }, async () => {
    await server.registerMobile('9876511001', 'secret-pass-1');
    expect(await wrongPasswords('9876511001', 20, 5, 113)).toEqual(Array(100).fill('LOGIN_FAILED'));
    const owner = await server.call('/user/login', { mobile: '9876511001', password: 'secret-pass-1' }, { ip: '198.51.100.7' });
    expect(owner.body.res).toBe(1);
  });

  it('gives each source two tries instead of five while the account is under such a guess', { timeout: 120_000 }, async () => {
    await server.registerMobile('9876511002', 'secret-pass-1');
    await wrongPasswords('9876511002', 20, 5, 114);
    const newcomer = '198.51.100.8';
    const tries = [];
    for (let attempt = 0; attempt < 3; attempt++)
      tries.push(
        (await server.call('/user/login', { mobile: '9876511002', password: `other-${attempt}-pass` }, { ip: newcomer })).body
          .code,
      );
    expect(tries).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_THROTTLED']);
    // Another account from the same source is not under the guess: the usual five apply there.
    await server.registerMobile('9876511003', 'secret-pass-1');
    const other = await server.call('/user/login', { mobile: '9876511003', password: 'secret-pass-1' }, { ip: newcomer });
    expect(other.body.res).toBe(1);
  });

  it(
    'counts only failures against a source: 51 logins from one address in 15 minutes all succeed',
    { timeout: 120_000 },
    async () => {
      await server.registerMobile('9876511004', 'secret-pass-1');
      const results = [];
      for (let attempt = 0; attempt < 51; attempt++)
        results.push(
          (await server.call('/user/login', { mobile: '9876511004', password: 'secret-pass-1' }, { ip: '100.64.0.9' })).body.res,
        );
      expect(results).toEqual(Array(51).fill(1));
    },
  );
});

describe('codes under a stranger’s guesses', () => {
  it('5 wrong reset codes from a stranger’s source do not stop the owner’s right code', async () => {
    await server.registerMobile('9876511010', 'secret-pass-1');
    server.clock.advance(61_000);
    await server.call('/smsserver/getCode', { mobile: '9876511010' }, { ip: '198.51.100.20' });
    const code = await server.lastCode('9876511010');
    const wrong = code === '000000' ? '111111' : '000000';
    const stranger = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await server.call(
        '/user/fogetPSW',
        { mobile: '9876511010', code: wrong, password: 'stolen-pass-1' },
        { ip: '203.0.113.66' },
      );
      stranger.push(reply.body.code);
    }
    expect(stranger).toEqual(Array(5).fill('CODE_INVALID'));
    const owner = await server.call(
      '/user/fogetPSW',
      { mobile: '9876511010', code, password: 'brand-new-pass' },
      { ip: '198.51.100.20' },
    );
    expect(owner.body.res).toBe(1);
    expect((await server.call('/user/login', { mobile: '9876511010', password: 'brand-new-pass' })).body.res).toBe(1);
  });

  it('stops a source after 5 tries even with the right code, and kills a code after 20 wrong tries from all sources', async () => {
    await server.call('/smsserver/getCode', { mobile: '9876511011' });
    const code = await server.lastCode('9876511011');
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (candidate: string, ip: string) =>
      server.call(
        '/user/regist',
        { mobile: '9876511011', password: 'secret-pass-1', code: candidate, ageConfirmed: true, riskAccepted: true },
        { ip },
      );
    // Parallel guesses from one source stop at five, and the right code from that source is refused too.
    const burst = await Promise.all(Array.from({ length: 8 }, () => attempt(wrong, '203.0.113.1')));
    expect(burst.filter((reply) => reply.body.code === 'CODE_INVALID')).toHaveLength(5);
    expect(burst.filter((reply) => reply.body.code === 'CODE_TRIES_THROTTLED')).toHaveLength(3);
    expect((await attempt(code, '203.0.113.1')).body.code).toBe('CODE_TRIES_THROTTLED');
    // Five more sources guess in parallel: the code takes 20 wrong tries in all, then nobody's, not even the right one.
    const spread = await Promise.all(
      Array.from({ length: 25 }, (_, index) => attempt(wrong, `203.0.113.${2 + Math.floor(index / 5)}`)),
    );
    expect(spread.filter((reply) => reply.body.code === 'CODE_INVALID')).toHaveLength(15);
    expect(spread.filter((reply) => reply.body.code === 'CODE_ATTEMPTS_EXCEEDED')).toHaveLength(10);
    expect((await attempt(code, '198.51.100.30')).body.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    const [row] = await server.ctx.db.query<{ n: bigint }>('select count(*) as n from users');
    expect(Number(row!.n)).toBe(0);
  });
});
