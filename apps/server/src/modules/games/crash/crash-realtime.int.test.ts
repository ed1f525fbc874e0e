import type { AddressInfo } from 'node:net';
import { crashPointX100, isSeedInChain, roundDigest } from '@mayur/fairness';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { ACTIVITY_FLUSH_MS } from '../../../platform/realtime.ts';
import { tickCrash } from './crash-clock.ts';

// A full crash round over HTTP and a real socket: the pushes a player's screen is drawn from.

let server: TestServer;
let socket: Socket;
const T0 = Date.UTC(2026, 11, 2, 9, 0, 0);

beforeAll(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '50' });
  server.clock.advance(T0 - server.clock.now().getTime());
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  socket = io(`http://127.0.0.1:${port}/crash`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('subscribe', 'limbo');
  await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  socket?.disconnect();
  await server.stop();
});

const next = <T>(event: string) => new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));
const tick = () => tickCrash(server.ctx, server.crashEvents, server.clock.now().getTime());

describe('a crash round over HTTP and a socket', () => {
  it('pushes the round, the players’ bets and cash-outs, the take-off and the crash with its seed', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    const opened = next<{ roundId: string; bettingStartsAtMs: number; flyingAtMs: number }>('round');
    await tick();
    const round = await opened;
    expect(round).toMatchObject({ bettingStartsAtMs: T0, flyingAtMs: T0 + 7_000 });

    const activity =
      next<Array<{ kind: string; betId: string; player: string; amount?: string; multiplierX100?: number }>>('activity');
    const placed = await server.call('/gameroket/pour', { room: 'limbo', amount: '25' }, { token: player.token });
    const bets = await activity;
    expect(bets).toEqual([
      expect.objectContaining({
        kind: 'bet',
        betId: placed.body.obj.bet.id,
        amount: '25.00',
        player: 'Qui***' + String(player.userId).slice(-2),
      }),
    ]);

    const [live] = await server.ctx.db.query<{ crash_at: Date }>('select crash_at from crash_rounds where id = $1', [
      round.roundId,
    ]);
    const flying = next<{ roundId: string; flyingAtMs: number }>('flying');
    server.clock.advance(7_000);
    await tick();
    expect(await flying).toEqual({ room: 'limbo', roundId: round.roundId, flyingAtMs: T0 + 7_000 });

    // Cash out one millisecond before the crash instant, if the round flies at all.
    const crashAtMs = live!.crash_at.getTime();
    if (crashAtMs > T0 + 7_000) {
      server.clock.advance(crashAtMs - 1 - server.clock.now().getTime());
      const cashouts = next<Array<{ kind: string; multiplierX100: number }>>('activity');
      const cashed = await server.call('/gameroket/doSettle', { betId: placed.body.obj.bet.id }, { token: player.token });
      expect(cashed.body.res).toBe(1);
      expect((await cashouts)[0]).toMatchObject({ kind: 'cashout', multiplierX100: cashed.body.obj.multiplierX100 });
    }

    const crashed = next<{ roundId: string; crashPointX100: number; seed: string; wasInterrupted: boolean }>('crashed');
    server.clock.advance(crashAtMs - server.clock.now().getTime());
    await tick();
    const crash = await crashed;
    const chain = (await server.call('/fair/chain', { game: 'crash', room: 'limbo' })).body.obj;
    const fair = (await server.call('/fair/round', { game: 'crash', room: 'limbo', roundId: round.roundId })).body.obj;
    expect(crash).toMatchObject({ roundId: round.roundId, wasInterrupted: false, seed: fair.seed });
    expect(isSeedInChain(crash.seed, fair.chainIndex, chain.commitment)).toBe(true);
    expect(crashPointX100(roundDigest(crash.seed, chain.salt))).toBe(crash.crashPointX100);
    expect(ACTIVITY_FLUSH_MS).toBeLessThanOrEqual(100);
  });
});
