import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countingDb, type CountingDb } from '../../../test/counting-db.ts';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { isAccepted, msUntilRefused, sharedRedisEnv, startSecondNode, stopNodes } from '../../../test/platform-nodes.ts';
import { hashToken } from './authenticate.ts';
import { SESSION_CONFIRMATION_MS } from './session-cache.ts';

// Two server nodes on one database (and, when REDIS_URL is set, one Redis deployment), each with its
// own session cache: a session revoked on one node must be refused by the other within the bound.

const redisEnv = sharedRedisEnv('sessions');

let first: TestServer, second: TestServer;
let counted: CountingDb;

beforeEach(async () => {
  first = await startTestServer(redisEnv);
  counted = countingDb(first.ctx.db);
  second = await startSecondNode(first, redisEnv, counted);
});
afterEach(() => stopNodes(second, first));

/** Statements of the per-request session read (the refresh loop's one-for-all read is not counted). */
const sessionReads = () => counted.statements.filter((sql) => sql.includes('from sessions where token_hash =')).length;

describe('the session cache of two nodes', () => {
  it('answers a cached session without a session query, and keeps a session in use cached past the bound', async () => {
    const { token } = await first.registerMobile('9123400001');
    expect(await isAccepted(second, token)).toBe(true);
    counted.reset();
    expect(await isAccepted(second, token)).toBe(true);
    expect(await isAccepted(second, token)).toBe(true);
    expect(sessionReads()).toBe(0);
    // The refresh loop confirms the sessions in use in one query for all, so a bet placed now and a
    // cash-out seconds later both skip the per-request read.
    await sleep(SESSION_CONFIRMATION_MS + 500);
    counted.reset();
    expect(await isAccepted(second, token)).toBe(true);
    expect(sessionReads()).toBe(0);
    expect(second.ctx.sessionCache!.size()).toBe(1);
  });

  it('reads the sessions of a burst of first requests in a few statements, and answers each with its own player', async () => {
    const players = [];
    for (let index = 0; index < 40; index++) players.push(await quickPlayer(first));
    const revoked = await quickPlayer(first);
    expect((await first.call('/user/logout', {}, { token: revoked.token })).body.res).toBe(1);
    counted.reset();
    const replies = await Promise.all(
      [...players, revoked].map((player) => second.call('/user/findUserInfo', {}, { token: player.token })),
    );
    expect(replies.slice(0, -1).map((reply) => reply.body.obj?.id)).toEqual(players.map((player) => player.userId));
    expect(replies.at(-1)!.status).toBe(401);
    // One per request before the reads were batched (41 statements).
    expect(sessionReads()).toBeLessThanOrEqual(4);
  });

  it('refuses a token on the other node within the bound after logout', async () => {
    const { token } = await first.registerMobile('9123400002');
    expect(await isAccepted(first, token)).toBe(true);
    expect(await isAccepted(second, token)).toBe(true);
    expect((await first.call('/user/logout', {}, { token })).body.res).toBe(1);
    expect(await isAccepted(first, token)).toBe(false);
    const waitedMs = await msUntilRefused(second, token);
    expect(waitedMs).toBeLessThanOrEqual(SESSION_CONFIRMATION_MS);
    // With Redis the revocation arrives as a message: the very first poll is refused.
    if (process.env.REDIS_URL) expect(waitedMs).toBeLessThan(100);
  });

  it('refuses a session revoked in the database alone within the bound, with no message to any node', async () => {
    const { token } = await first.registerMobile('9123400006');
    expect(await isAccepted(second, token)).toBe(true);
    // Neither node hears of it: only the database knows (an operator's statement, a lost message).
    await first.ctx.db.query(
      'update sessions set revoked_at = $1 where user_id = (select user_id from sessions where token_hash = $2)',
      [first.ctx.clock.now(), hashToken(token)],
    );
    const waitedMs = await msUntilRefused(second, token);
    expect(waitedMs).toBeLessThanOrEqual(SESSION_CONFIRMATION_MS);
    expect(await isAccepted(first, token)).toBe(false);
  });

  it('revokes every session of the player on both nodes when the login password is reset', async () => {
    const mobile = '9123400003';
    const registered = await first.registerMobile(mobile);
    const login = await second.call('/user/login', { mobile, password: 'secret-pass-1' });
    expect(login.body.res).toBe(1);
    const tokens = [registered.token, login.body.obj.token as string];
    for (const token of tokens) {
      expect(await isAccepted(first, token)).toBe(true);
      expect(await isAccepted(second, token)).toBe(true);
    }
    first.clock.advance(61_000);
    await first.call('/smsserver/getCode', { mobile });
    const code = await first.lastCode(mobile);
    const reset = await first.call('/user/fogetPSW', { mobile, code, password: 'another-pass-2' });
    expect(reset.body.res).toBe(1);
    for (const token of tokens) {
      expect(await isAccepted(first, token)).toBe(false);
      expect(await msUntilRefused(second, token)).toBeLessThanOrEqual(SESSION_CONFIRMATION_MS);
    }
  });

  it('keeps the asking session and ends the others on both nodes when the withdrawal password changes', async () => {
    const mobile = '9123400004';
    const asking = await first.registerMobile(mobile);
    const other = (await second.call('/user/login', { mobile, password: 'secret-pass-1' })).body.obj.token as string;
    expect(await isAccepted(first, other)).toBe(true);
    expect(await isAccepted(second, other)).toBe(true);
    expect(await isAccepted(second, asking.token)).toBe(true);
    first.clock.advance(61_000);
    await first.call('/smsserver/getCode', { mobile });
    const code = await first.lastCode(mobile);
    const changed = await first.call(
      '/user/changeWithdrawPsw',
      { mobile, code, withdrawPassword: 'withdraw-pass-3' },
      { token: asking.token },
    );
    expect(changed.body.res).toBe(1);
    expect(await isAccepted(first, other)).toBe(false);
    expect(await msUntilRefused(second, other)).toBeLessThanOrEqual(SESSION_CONFIRMATION_MS);
    expect(await isAccepted(first, asking.token)).toBe(true);
    expect(await isAccepted(second, asking.token)).toBe(true);
  });

  it('refuses a cached session at once when its expiry passes', async () => {
    const { token } = await first.registerMobile('9123400005');
    expect(await isAccepted(second, token)).toBe(true);
    counted.reset();
    second.clock.advance(second.ctx.config.sessionTtlMs - 1);
    expect(await isAccepted(second, token)).toBe(true);
    second.clock.advance(1);
    expect(await isAccepted(second, token)).toBe(false);
    // Both answers came from the cache: the expiry was judged without asking the database.
    expect(sessionReads()).toBe(0);
  });
});
