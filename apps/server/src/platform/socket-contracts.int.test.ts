import type { AddressInfo } from 'node:net';
import {
  ZCrashActivityEvent,
  ZLotteryClosedEvent,
  ZLotteryPeriodEvent,
  ZLotteryResultEvent,
  ZTimeAck,
  type CrashActivityItem,
  type CrashFlyingEvent,
} from '@mayur/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { tickLottery } from '../modules/games/lottery/lottery-clock.ts';

// What the server pushes is exactly its contract (packages/contracts/src/socket-events.ts): payloads of
// the real game clock parse without losing or gaining a field, and a drifted payload is never sent.

let server: TestServer;
const sockets: Socket[] = [];
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

async function connect(namespace: string, room: string): Promise<Socket> {
  const { port } = server.app.server.address() as AddressInfo;
  const socket = io(`http://127.0.0.1:${port}${namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('subscribe', room);
  // One socket's messages are handled in order: once `time` is answered, the subscription is in.
  expect(ZTimeAck.parse(await socket.timeout(5_000).emitWithAck('time'))).toBeTruthy();
  return socket;
}

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

beforeAll(async () => {
  server = await startTestServer();
  server.clock.advance(T0 - server.clock.now().getTime());
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.stop();
});

describe('socket events against their contracts', () => {
  it('pushes the lottery clock’s period, closed and result events exactly as the contracts define them', async () => {
    const socket = await connect('/lottery', 'wingo-1');
    const period = next<unknown>(socket, 'period');
    await tickLottery(server.ctx, server.lotteryEvents, T0);
    const opened = await period;
    expect(ZLotteryPeriodEvent.parse(opened)).toEqual(opened);

    const closed = next<unknown>(socket, 'closed');
    await tickLottery(server.ctx, server.lotteryEvents, T0 + 55_000);
    const closedEvent = await closed;
    expect(ZLotteryClosedEvent.parse(closedEvent)).toEqual(closedEvent);

    const result = next<unknown>(socket, 'result');
    await tickLottery(server.ctx, server.lotteryEvents, T0 + 60_000);
    const resultEvent = await result;
    // Parsing drops unknown fields: equal means the push carried nothing outside its contract.
    expect(ZLotteryResultEvent.parse(resultEvent)).toEqual(resultEvent);
  });

  it('refuses a drifted crash event and sends the next good one', async () => {
    const socket = await connect('/crash', 'crash');
    const flying = next<CrashFlyingEvent>(socket, 'flying');
    server.crashEvents.emit('flying', { room: 'crash', roundId: null, flyingAtMs: T0 } as unknown as CrashFlyingEvent);
    server.crashEvents.emit('flying', { room: 'crash', roundId: '42', flyingAtMs: T0 });
    expect(await flying).toEqual({ room: 'crash', roundId: '42', flyingAtMs: T0 });
  });

  it('sends the good activity items of a batch and drops a drifted one', async () => {
    const socket = await connect('/crash', 'limbo');
    const activity = next<unknown>(socket, 'activity');
    const queuedBet: CrashActivityItem = {
      kind: 'bet',
      room: 'limbo',
      betId: '9',
      player: 'Mem***01',
      amount: '10.00',
      slot: 2,
      roundId: null,
    };
    server.crashEvents.emit('activity', queuedBet);
    server.crashEvents.emit('activity', {
      kind: 'cashout',
      room: 'limbo',
      betId: '9',
      player: 'Mem***01',
      multiplierX100: '1.53',
      winAmount: '15.30',
    } as unknown as CrashActivityItem);
    const pushed = await activity;
    expect(ZCrashActivityEvent.parse(pushed)).toEqual([queuedBet]);
  });
});
