import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { CrashActivityItem } from '@mayur/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { subscribedSocket } from '../../test/platform-sockets.ts';
import { ACTIVITY_BUSY_MAX_WAIT_MS } from './activity-fan-out.ts';

// Two nodes of one deployment over the real Redis of REDIS_URL (CI sets it): a crash room's pushes and
// its live activity, made on one node, reach the watchers of both, each exactly once.

describe.runIf(Boolean(process.env.REDIS_URL))('crash pushes across two nodes', () => {
  const deploymentName = `nodes-${randomBytes(4).toString('hex')}`;
  const servers: TestServer[] = [];
  const sockets: Socket[] = [];
  type Watcher = { events: Array<[string, unknown]> };
  let first: TestServer;
  let onFirst: Watcher;
  let onSecond: Watcher;

  async function node(): Promise<TestServer> {
    const server = await startTestServer({ REDIS_URL: process.env.REDIS_URL!, DEPLOYMENT_NAME: deploymentName });
    servers.push(server);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    return server;
  }

  async function watch(server: TestServer): Promise<Watcher> {
    const { port } = server.app.server.address() as AddressInfo;
    const socket = await subscribedSocket(port, '/crash', 'limbo', sockets);
    const watcher: Watcher = { events: [] };
    socket.onAny((event: string, payload: unknown) => watcher.events.push([event, payload]));
    return watcher;
  }

  const waitFor = async (isDone: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!isDone()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    first = await node();
    const second = await node();
    onFirst = await watch(first);
    onSecond = await watch(second);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('sends a push and the activity made on one node to the watchers of both, once each', async () => {
    const flying = { room: 'limbo' as const, roundId: '41', flyingAtMs: 1_700_000_000_000 };
    first.crashEvents.emit('flying', flying);
    const bets: CrashActivityItem[] = [1, 2, 3].map((n) => ({
      kind: 'bet',
      room: 'limbo',
      betId: String(n),
      player: 'Pla***0' + n,
      amount: '10.00',
      slot: 1,
      roundId: '41',
    }));
    for (const bet of bets) first.crashEvents.emit('activity', bet);

    const activityOf = (watcher: Watcher) =>
      watcher.events.filter(([event]) => event === 'activity').flatMap(([, items]) => items as unknown[]);
    await waitFor(() => activityOf(onFirst).length >= 3 && activityOf(onSecond).length >= 3, 2 * ACTIVITY_BUSY_MAX_WAIT_MS);
    // Longer than a room's longest interval: a second push of the same items would have come by now.
    await new Promise((resolve) => setTimeout(resolve, ACTIVITY_BUSY_MAX_WAIT_MS + 200));
    for (const watcher of [onFirst, onSecond]) {
      expect(watcher.events.filter(([event]) => event === 'flying')).toEqual([['flying', flying]]);
      expect(activityOf(watcher)).toEqual(bets);
    }
  });

  it('pushes a room activity made on both nodes no more often than one node alone would', async () => {
    const before = { first: onFirst.events.length, second: onSecond.events.length };
    // For a second, both nodes take a bet every 20 ms; a room of one watcher per node is pushed every
    // ACTIVITY_FLUSH_MS (100 ms) at most, so each watcher gets about 10 pushes, not one per node per tick.
    const made: string[] = [];
    for (let tick = 0; tick < 50; tick++) {
      for (const [index, server] of servers.entries()) {
        const betId = String(1_000 + tick * 2 + index);
        made.push(betId);
        server.crashEvents.emit('activity', {
          kind: 'bet',
          room: 'limbo',
          betId,
          player: 'Pla***01',
          amount: '10.00',
          slot: 1,
          roundId: '42',
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, ACTIVITY_BUSY_MAX_WAIT_MS));
    for (const [watcher, from] of [
      [onFirst, before.first],
      [onSecond, before.second],
    ] as const) {
      const pushes = watcher.events.slice(from).filter(([event]) => event === 'activity');
      const betIds = pushes.flatMap(([, items]) => (items as Array<{ betId: string }>).map((item) => item.betId));
      expect(new Set(betIds).size).toBe(betIds.length);
      expect(betIds.length).toBeGreaterThan(0);
      expect(pushes.length).toBeLessThanOrEqual(14);
    }
  });
});
