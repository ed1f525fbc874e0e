import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { tickLottery } from '../modules/games/lottery/lottery-clock.ts';

// The lottery namespace pushes what the game clock does to subscribed clients, over a real socket.

let server: TestServer;
let socket: Socket;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

beforeAll(async () => {
  server = await startTestServer();
  server.clock.advance(T0 - server.clock.now().getTime());
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  socket = io(`http://127.0.0.1:${port}/lottery`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
});
afterAll(async () => {
  socket?.disconnect();
  await server.stop();
});

function next<T>(event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

describe('lottery realtime', () => {
  it('answers clock sync with the server time', async () => {
    const before = Date.now();
    const reply = await socket.timeout(5_000).emitWithAck('time');
    expect(reply.serverTimeMs).toBeGreaterThanOrEqual(before);
  });

  it('pushes the opened period, the close and the result to subscribers of the room only', async () => {
    socket.emit('subscribe', 'wingo-1');
    // The server handles one socket's messages in order: once the clock sync is answered, the subscription is in.
    await socket.timeout(5_000).emitWithAck('time');
    const opened = next<{ room: string; period: string; endsAtMs: number }>('period');
    await tickLottery(server.ctx, server.lotteryEvents, T0);
    const period = await opened;
    expect(period).toMatchObject({ room: 'wingo-1', endsAtMs: T0 + 60_000 });

    const closed = next<{ period: string }>('closed');
    await tickLottery(server.ctx, server.lotteryEvents, T0 + 55_000);
    expect((await closed).period).toBe(period.period);

    const result = next<{ room: string; period: string; result: { number: number; colours: string[] } }>('result');
    await tickLottery(server.ctx, server.lotteryEvents, T0 + 60_000);
    const pushed = await result;
    expect(pushed).toMatchObject({ room: 'wingo-1', period: period.period });
    const fair = (await server.call('/fair/round', { game: 'wingo', room: 'wingo-1', period: period.period })).body.obj;
    expect(pushed.result.number).toBe(fair.result.number);

    // The next minute opens wingo-1 and bitgame periods; this client subscribed to wingo-1 only.
    const rooms = new Set<string>();
    socket.on('period', (event: { room: string }) => rooms.add(event.room));
    await tickLottery(server.ctx, server.lotteryEvents, T0 + 120_000);
    // The step's pushes were written to this socket before it returned, so they arrive before this answer.
    await socket.timeout(5_000).emitWithAck('time');
    expect([...rooms]).toEqual(['wingo-1']);
  });
});
