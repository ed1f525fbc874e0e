import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { isAccepted, msUntilRefused, sharedRedisEnv, startSecondNode, stopNodes } from '../../../test/platform-nodes.ts';
import { SESSION_CONFIRMATION_MS } from '../../platform/http/session-cache.ts';
import { adminCall, signedInOperator, type SignedInOperator } from '../../../test/admin-operators.ts';

// Freezing and logging out everywhere from the console on one node: the player's sessions, cached by
// another node, are refused there within the session cache's bound (decision 0017), at once with Redis.

const redisEnv = sharedRedisEnv('player-actions');

let first: TestServer, second: TestServer;
let owner: SignedInOperator;

beforeAll(async () => {
  first = await startTestServer(redisEnv);
  second = await startSecondNode(first, redisEnv);
  owner = await signedInOperator(first, 'owner');
});
afterAll(() => stopNodes(second, first));

describe('player actions across two nodes', () => {
  it.each([
    ['/players/freeze', '9123450001', { reason: 'Fraud ring' }],
    ['/players/logoutEverywhere', '9123450002', {}],
  ] as const)('%s on one node: the other node refuses the player within a second', async (path, mobile, extra) => {
    const registered = await first.registerMobile(mobile);
    const token = registered.token as string;
    expect(await isAccepted(first, token)).toBe(true);
    expect(await isAccepted(second, token)).toBe(true);
    const reply = await adminCall(first, path, { playerId: registered.user.id, ...extra }, { token: owner.token });
    expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
    expect(await isAccepted(first, token)).toBe(false);
    const waitedMs = await msUntilRefused(second, token);
    expect(waitedMs).toBeLessThanOrEqual(SESSION_CONFIRMATION_MS);
    if (process.env.REDIS_URL) expect(waitedMs).toBeLessThan(100);
  });
});
