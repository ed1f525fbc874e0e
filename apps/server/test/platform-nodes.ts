import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../src/platform/db/db.ts';
import { SESSION_CONFIRMATION_MS } from '../src/platform/http/session-cache.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Two server nodes on one database (and, when REDIS_URL is set, one Redis deployment of their own),
// each with its own session cache, for the tests of what one node learns from the other.

/** One Redis deployment for the nodes of a test when REDIS_URL is set, named afresh; none otherwise. */
export function sharedRedisEnv(deploymentPrefix: string): Record<string, string> {
  if (!process.env.REDIS_URL) return {};
  return { REDIS_URL: process.env.REDIS_URL, DEPLOYMENT_NAME: `${deploymentPrefix}-${randomBytes(4).toString('hex')}` };
}

/** A second node on the first one's database, reached through `db` (the first node's pool unless told). */
export function startSecondNode(first: TestServer, env: Record<string, string>, db: Db = first.ctx.db): Promise<TestServer> {
  const databaseUrl = first.ctx.config.databaseUrl;
  return startTestServer({ ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, { db });
}

/** Stops the nodes one after the other, in the order given (a second node before the first one whose database it shares). */
export async function stopNodes(...nodes: TestServer[]): Promise<void> {
  for (const node of nodes) await node.stop();
}

export const isAccepted = async (node: TestServer, token: string) =>
  (await node.call('/user/balance', {}, { token })).status === 200;

/** Polls `node` until it refuses `token`, and returns how long that took; fails after the bound. */
export async function msUntilRefused(node: TestServer, token: string): Promise<number> {
  const startedAtMs = performance.now();
  while (performance.now() - startedAtMs <= SESSION_CONFIRMATION_MS) {
    if (!(await isAccepted(node, token))) return performance.now() - startedAtMs;
    await sleep(25);
  }
  throw new Error(`token still accepted ${SESSION_CONFIRMATION_MS} ms after it was revoked`);
}
