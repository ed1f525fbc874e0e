import type { AddressInfo } from 'node:net';
import { crashPointX100, isSeedInChain, roundDigest } from '@mayur/fairness';
import { multiplierX100At } from '@mayur/rules/crash-curve';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { beatenByHand, setClock } from '../../../../test/games-clock.ts';
import { subscribedSocket } from '../../../../test/platform-sockets.ts';
import type { Heartbeat } from '../../../platform/heartbeat.ts';
import { tickCrash } from './crash-clock.ts';
import { serverForFile } from '../../../../test/test-server.ts';

// A full crash round over HTTP and a real socket: the pushes a player's screen is drawn from.

const server = serverForFile({ LOTTERY_CHAIN_LENGTH: '50' });
let socket: Socket;
const opened: Socket[] = [];
const T0 = Date.UTC(2026, 11, 2, 9, 0, 0);

beforeAll(async () => {
  setClock(server, T0);
  heartbeat = beatenByHand(server);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  socket = await subscribedSocket(port, '/crash', 'limbo', opened);
});
afterAll(async () => {
  for (const each of opened) each.disconnect();
  await heartbeat?.stop();
});

const now = () => server.clock.now().getTime();
const setNow = (ms: number) => setClock(server, ms);
const next = <T>(event: string) => new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));
let heartbeat: Heartbeat;
/** The node beats (it has been serving all along), then the clock steps. */
const tick = async () => {
  await heartbeat.beatNow();
  await tickCrash(server.ctx, server.crashEvents, now());
};

type RoundPush = { roundId: string; bettingStartsAtMs: number; flyingAtMs: number };
type Activity = Array<{
  kind: string;
  betId: string;
  player: string;
  amount?: string;
  multiplierX100?: number;
  winAmount?: string;
}>;

/** Plays rounds (each one pushed) until one flies long enough to cash out in flight; returns it while it takes bets. */
async function roundFlyingAtLeast(minimumX100: number): Promise<RoundPush & { crashAtMs: number; crashPointX100: number }> {
  for (let i = 0; i < 100; i++) {
    const opened = next<RoundPush>('round');
    await tick();
    const round = await opened;
    const [row] = await server.ctx.db.query<{ crash_at: Date; crash_point_x100: number; next_round_at: Date }>(
      'select crash_at, crash_point_x100, next_round_at from crash_rounds where id = $1',
      [round.roundId],
    );
    if (row!.crash_point_x100 >= minimumX100)
      return { ...round, crashAtMs: row!.crash_at.getTime(), crashPointX100: row!.crash_point_x100 };
    const crashed = next<{ roundId: string }>('crashed');
    setNow(row!.crash_at.getTime());
    await tick();
    expect((await crashed).roundId).toBe(round.roundId);
    setNow(row!.next_round_at.getTime());
  }
  throw new Error(`no round reached ${minimumX100}`);
}

describe('a crash round over HTTP and a socket', () => {
  it('pushes the round, the players’ bets and cash-outs, the take-off and the crash with its seed', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    const round = await roundFlyingAtLeast(150);
    expect(round.flyingAtMs).toBe(round.bettingStartsAtMs + 7_000);
    expect(round.bettingStartsAtMs).toBe(now());

    const activity = next<Activity>('activity');
    const placed = await server.call('/gameroket/pour', { room: 'limbo', amount: '25' }, { token: player.token });
    expect(await activity).toEqual([
      expect.objectContaining({
        kind: 'bet',
        betId: placed.body.obj.bet.id,
        amount: '25.00',
        player: 'Qui***' + String(player.userId).slice(-2),
      }),
    ]);

    const flying = next<{ roundId: string; flyingAtMs: number }>('flying');
    setNow(round.flyingAtMs);
    await tick();
    expect(await flying).toEqual({ room: 'limbo', roundId: round.roundId, flyingAtMs: round.flyingAtMs });

    // In flight, one millisecond before the crash instant: the cash-out is accepted and pushed to the room.
    setNow(round.crashAtMs - 1);
    const cashouts = next<Activity>('activity');
    const cashed = await server.call('/gameroket/doSettle', { betId: placed.body.obj.bet.id }, { token: player.token });
    expect(cashed.body.res).toBe(1);
    const expectedX100 = multiplierX100At(round.crashAtMs - 1 - round.flyingAtMs);
    expect(cashed.body.obj.multiplierX100).toBe(expectedX100);
    expect(expectedX100).toBeLessThan(round.crashPointX100);
    expect(await cashouts).toEqual([
      expect.objectContaining({
        kind: 'cashout',
        betId: placed.body.obj.bet.id,
        multiplierX100: expectedX100,
        winAmount: cashed.body.obj.winAmount,
      }),
    ]);

    const crashed = next<{ roundId: string; crashPointX100: number; seed: string; wasInterrupted: boolean }>('crashed');
    setNow(round.crashAtMs);
    await tick();
    const crash = await crashed;
    const chain = (await server.call('/fair/chain', { game: 'crash', room: 'limbo' })).body.obj;
    const fair = (await server.call('/fair/round', { game: 'crash', room: 'limbo', roundId: round.roundId })).body.obj;
    expect(crash).toMatchObject({
      roundId: round.roundId,
      crashPointX100: round.crashPointX100,
      wasInterrupted: false,
      seed: fair.seed,
    });
    expect(isSeedInChain(crash.seed, fair.chainIndex, chain.commitment)).toBe(true);
    expect(crashPointX100(roundDigest(crash.seed, chain.salt))).toBe(crash.crashPointX100);
    const mine = (await server.call('/gameroket/getUserHistoryByPage', { room: 'limbo' }, { token: player.token })).body.obj.list;
    expect(mine.map((bet: { status: string; cashoutX100: number }) => [bet.status, bet.cashoutX100])).toEqual([
      ['cashed_out', expectedX100],
    ]);
  });
});
