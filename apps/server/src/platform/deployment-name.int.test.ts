import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { subscribedSocket } from '../../test/platform-sockets.ts';
import { tickLottery } from '../modules/games/lottery/lottery-clock.ts';

// Two deployments sharing one Redis must not see each other's socket events; two nodes of one deployment
// must. Runs against the real Redis of REDIS_URL (CI sets it); without it there is no fan-out to test.

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

describe.runIf(Boolean(process.env.REDIS_URL))('deployments sharing one Redis', () => {
  const suffix = randomBytes(4).toString('hex');
  const servers: TestServer[] = [];
  const sockets: Socket[] = [];

  async function node(deploymentName: string): Promise<TestServer> {
    const server = await startTestServer({ REDIS_URL: process.env.REDIS_URL!, DEPLOYMENT_NAME: deploymentName });
    servers.push(server);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    return server;
  }

  /** A client subscribed to wingo-1 on `server`, and every period it is pushed. */
  async function watch(server: TestServer): Promise<{ periods: string[]; next(): Promise<string> }> {
    const { port } = server.app.server.address() as AddressInfo;
    const socket = await subscribedSocket(port, '/lottery', 'wingo-1', sockets);
    const periods: string[] = [];
    const waiting: Array<(period: string) => void> = [];
    socket.on('period', (event: { room: string; period: string }) => {
      periods.push(event.period);
      waiting.shift()?.(event.period);
    });
    return { periods, next: () => new Promise((resolve) => waiting.push(resolve)) };
  }

  let alpha: TestServer;
  let alphaSecond: TestServer;
  let beta: TestServer;
  beforeAll(async () => {
    alpha = await node(`alpha-${suffix}`);
    alphaSecond = await node(`alpha-${suffix}`);
    beta = await node(`beta-${suffix}`);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('fans events out to the nodes of the same deployment only', async () => {
    const onAlphaSecond = await watch(alphaSecond);
    const onBeta = await watch(beta);

    // A period opened by alpha's clock reaches alpha's other node.
    const alphaPeriod = onAlphaSecond.next();
    await tickLottery(alpha.ctx, alpha.lotteryEvents, T0);
    const fromAlpha = await alphaPeriod;

    // Beta's own period, opened a minute later, is the first and only one its client sees.
    const betaPeriod = onBeta.next();
    await tickLottery(beta.ctx, beta.lotteryEvents, T0 + 60_000);
    const fromBeta = await betaPeriod;
    expect(fromBeta).not.toBe(fromAlpha);
    // Redis delivered alpha's publication to every subscriber before beta's own, so had beta's node been
    // listening to alpha's channel, its client would have seen alpha's period first.
    expect(onBeta.periods).toEqual([fromBeta]);
  });
});
