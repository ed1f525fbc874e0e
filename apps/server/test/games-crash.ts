import { afterEach, expect } from 'vitest';
import { tickCrash } from '../src/modules/games/crash/crash-clock.ts';
import { CrashEvents } from '../src/modules/games/crash/crash-events.ts';
import type { Heartbeat } from '../src/platform/heartbeat.ts';
import { beatenByHand, setClock } from './games-clock.ts';
import { serverForEachTest, type Reply, type TestServer } from './test-server.ts';

// Crash rounds in tests, their clock driven by hand.

export type LiveCrashRound = { id: bigint; crash_point_x100: number; flying_at: Date; crash_at: Date; next_round_at: Date };

/** The round of `room` that is taking bets or flying. */
export async function liveCrashRound(server: TestServer, room: string): Promise<LiveCrashRound> {
  const [row] = await server.ctx.db.query<LiveCrashRound>(
    "select id, crash_point_x100, flying_at, crash_at, next_round_at from crash_rounds where room = $1 and state = 'live'",
    [room],
  );
  return row!;
}

/**
 * Runs the limbo room until a round crashes at or above `minimumX100`, and returns it in its betting
 * phase; `tick` is the node's step of the game clock.
 */
export async function limboRoundCrashingAtLeast(
  server: TestServer,
  tick: () => Promise<void>,
  minimumX100: number,
): Promise<LiveCrashRound> {
  for (let i = 0; i < 100; i++) {
    await tick();
    const round = await liveCrashRound(server, 'limbo');
    if (round.crash_point_x100 >= minimumX100) return round;
    setClock(server, round.next_round_at.getTime());
    await tick();
  }
  throw new Error(`no round reached ${minimumX100}`);
}

/** Sends `count` cash-outs of one bet at once: exactly one is paid, the others are told it was cashed out already. */
export async function oneOfParallelCashOuts(server: TestServer, betId: string, token: string, count: number): Promise<Reply> {
  const replies = await Promise.all(
    Array.from({ length: count }, () => server.call('/gameroket/doSettle', { betId }, { token })),
  );
  const accepted = replies.filter((reply) => reply.body.res === 1);
  expect(accepted).toHaveLength(1);
  expect(replies.filter((reply) => reply.body.code === 'ALREADY_CASHED_OUT')).toHaveLength(count - 1);
  return accepted[0]!;
}

/**
 * Crash rooms on a clock driven by hand: a fresh server for each test, its clock at `startMs`, and the
 * node that serves it, whose heartbeat `tick` beats before each step of the game clock. `die` stops the
 * heartbeat as a crashed process would, and the next `serve` or `tick` starts a new one.
 */
export function crashOnHandClock(startMs: number) {
  const server = serverForEachTest({ LOTTERY_CHAIN_LENGTH: '200' }, startMs);
  const events = new CrashEvents();
  let heartbeat: Heartbeat | null = null;
  afterEach(() => die());

  const now = () => server.clock.now().getTime();
  const setNow = (ms: number) => setClock(server, ms);
  /** The process serves: it beats now, in the same interval as long as it has not died. */
  async function serve() {
    heartbeat ??= beatenByHand(server);
    await heartbeat.beatNow();
  }
  /** The process dies: nothing is recorded until a new process serves. */
  async function die() {
    await heartbeat?.stop();
    heartbeat = null;
  }
  async function tick() {
    await serve();
    await tickCrash(server.ctx, events, now());
  }
  const liveRound = (room = 'limbo') => liveCrashRound(server, room);
  const roundCrashingAtLeast = (minimumX100: number) => limboRoundCrashingAtLeast(server, tick, minimumX100);
  /** The node id of the heartbeat serving now. */
  const servingNodeId = () => heartbeat?.nodeId;
  return { server, now, setNow, serve, die, tick, liveRound, roundCrashingAtLeast, servingNodeId };
}
