import { CRASH_ROOM_IDS } from '@mayur/rules/crash-rooms';
import { LOTTERY_ROOM_IDS, periodAt, wingoPayoutPaise } from '@mayur/rules/lottery-rooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { startHeartbeat, type Heartbeat } from '../../platform/heartbeat.ts';
import { CrashEvents } from '../games/crash/crash-events.ts';
import { tickCrash } from '../games/crash/crash-clock.ts';
import { LotteryEvents } from '../games/lottery/lottery-events.ts';
import { tickLottery } from '../games/lottery/lottery-clock.ts';
import { withinReadOnly } from './games-screen.ts';
import { adminCall, signedInOperator, type SignedInOperator } from '../../../test/admin-operators.ts';

// The games screen is read-only and never shows a seed before its round is settled: every seed not yet
// revealed is absent from every games answer, a settled round's seed is there, and the return to
// player of a day is exactly its known stakes and wins (a Win Go bet and a lost crash bet).

let server: TestServer;
let auditor: SignedInOperator;
let heartbeat: Heartbeat;
const lotteryEvents = new LotteryEvents();
const crashEvents = new CrashEvents();

beforeAll(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '50' });
  // The ledger and the bets are stamped with the database's time: the app's clock is brought to it, and
  // on to the next Win Go minute if this one is already closed to bets.
  // Signing the operator in moves the clock a code step on, so the minute is chosen after it.
  server.clock.advance(Date.now() - server.clock.now().getTime());
  auditor = await signedInOperator(server, 'auditor');
  const slot = periodAt('wingo-1', server.clock.now().getTime());
  if (slot.bettingClosesAtMs - server.clock.now().getTime() < 5_000)
    server.clock.advance(slot.endsAtMs - server.clock.now().getTime());
  heartbeat = startHeartbeat({
    db: server.ctx.db,
    databaseUrl: undefined,
    clock: server.clock,
    log: server.ctx.log,
    intervalMs: 3_600_000,
  });
});
afterAll(async () => {
  await heartbeat.stop();
  await server.stop();
});

const now = () => server.clock.now().getTime();
const tick = async () => {
  await heartbeat.beatNow();
  await tickLottery(server.ctx, lotteryEvents, now());
  await tickCrash(server.ctx, crashEvents, now());
};

async function games(path: '/games/rooms' | '/games/rounds' | '/games/rtp', body: Record<string, unknown> = {}) {
  const reply = await adminCall(server, path, body, { token: auditor.token });
  expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
  return reply.body.obj;
}

/** The rounds the games screen lists for a room, the newest first. */
const roundsOf = async (room: string): Promise<Array<{ round: string }>> => (await games('/games/rounds', { room })).rounds;

/** Every games answer there is, as one text: the rooms, each room's rounds, the return to player. */
async function everyAnswer(): Promise<string> {
  const answers: unknown[] = [await games('/games/rooms'), await games('/games/rtp')];
  for (const room of [...LOTTERY_ROOM_IDS, ...CRASH_ROOM_IDS]) answers.push(await games('/games/rounds', { room }));
  return JSON.stringify(answers);
}

/** Seeds no settled round has revealed (s_0, the published commitment, is not a secret). */
async function unrevealedSeeds(): Promise<string[]> {
  const rows = await server.ctx.db.query<{ seed: string }>(
    `select s.seed from fair_seeds s join fair_chains c on c.id = s.chain_id
     where s.seed <> c.commitment
       and not exists (select 1 from lottery_rounds r where r.chain_id = s.chain_id and r.chain_index >= s.chain_index and r.state = 'settled')
       and not exists (select 1 from crash_rounds r where r.chain_id = s.chain_id and r.chain_index >= s.chain_index and r.state = 'settled')`,
  );
  return rows.map((row) => row.seed);
}

async function seedOf(table: 'lottery_rounds' | 'crash_rounds', where: string, value: string): Promise<string> {
  const [row] = await server.ctx.db.query<{ seed: string }>(
    `select s.seed from ${table} r join fair_seeds s on s.chain_id = r.chain_id and s.chain_index = r.chain_index where r.${where} = $1`,
    [value],
  );
  return row!.seed;
}

describe('the games screen', () => {
  let period = '';
  let crashRoundId = '';

  it('shows each room live with its commitment and the crash stakes in play, and no seed not yet revealed', async () => {
    await tick();
    const player = await quickPlayer(server, { cashPaise: 1_000_00n });
    const state = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    period = state.period;
    const lotteryBet = await server.call(
      '/wingo/pour',
      { min: 60, period, select: 'green', contractMoney: '10', contractCount: 1, agree: true },
      { token: player.token },
    );
    expect(lotteryBet.body.res, JSON.stringify(lotteryBet.body)).toBe(1);
    const crashBet = await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: player.token });
    expect(crashBet.body.res, JSON.stringify(crashBet.body)).toBe(1);

    const rooms = await games('/games/rooms');
    expect(rooms.rooms.map((room: { room: string }) => room.room).sort()).toEqual(
      [...LOTTERY_ROOM_IDS, ...CRASH_ROOM_IDS].sort(),
    );
    const wingo = rooms.rooms.find((room: { room: string }) => room.room === 'wingo-1');
    expect(wingo).toMatchObject({ game: 'wingo', period, phase: 'betting', endsAt: new Date(state.endsAtMs).toISOString() });
    const [chain] = await server.ctx.db.query<{ commitment: string }>(
      "select commitment from fair_chains where room = 'wingo-1' and is_active",
    );
    expect(wingo.chain.commitment).toBe(chain!.commitment);
    const limbo = rooms.rooms.find((room: { room: string }) => room.room === 'limbo');
    crashRoundId = limbo.roundId;
    expect(limbo).toMatchObject({ game: 'crash', phase: 'betting', exposure: { openBets: 1, stakesInPlay: '100.00' } });
    expect(limbo.endsAt).toBeNull();

    expect((await roundsOf('wingo-1'))[0]).toMatchObject({
      round: period,
      state: 'open',
      seed: null,
      result: null,
      bets: 1,
      stakes: '10.00',
    });
    expect((await roundsOf('limbo'))[0]).toMatchObject({
      round: crashRoundId,
      state: 'live',
      seed: null,
      result: null,
      stakes: '100.00',
    });

    const hidden = await unrevealedSeeds();
    expect(hidden).toContain(await seedOf('lottery_rounds', 'period', period));
    expect(hidden).toContain(await seedOf('crash_rounds', 'id', crashRoundId));
    const answers = await everyAnswer();
    for (const seed of hidden) expect(answers.includes(seed), `seed ${seed.slice(0, 8)}… leaked`).toBe(false);
  });

  it('shows a settled round’s seed and result, and the day’s return to player from its stakes and wins', async () => {
    const [live] = await server.ctx.db.query<{ crash_at: Date; crash_point_x100: number }>(
      'select crash_at, crash_point_x100 from crash_rounds where id = $1',
      [crashRoundId],
    );
    const endsAtMs = periodAt('wingo-1', now()).endsAtMs;
    server.clock.advance(Math.max(endsAtMs, live!.crash_at.getTime()) - now());
    await tick();

    const [settled] = await server.ctx.db.query<{ result_number: number; state: string }>(
      'select result_number, state from lottery_rounds where period = $1',
      [period],
    );
    expect(settled!.state).toBe('settled');
    expect((await roundsOf('wingo-1')).find((round) => round.round === period)).toMatchObject({
      state: 'settled',
      seed: await seedOf('lottery_rounds', 'period', period),
      result: String(settled!.result_number),
    });
    expect((await roundsOf('limbo')).find((round) => round.round === crashRoundId)).toMatchObject({
      state: 'settled',
      seed: await seedOf('crash_rounds', 'id', crashRoundId),
      result: String(live!.crash_point_x100),
    });
    // The next rounds opened by the same tick keep theirs.
    const answers = await everyAnswer();
    const hidden = await unrevealedSeeds();
    expect(hidden.length).toBeGreaterThan(0);
    for (const seed of hidden) expect(answers.includes(seed), `seed ${seed.slice(0, 8)}… leaked`).toBe(false);

    // 10.00 on green: 9.80 delivered after the 2 % fee; expected 0.95 of the delivery (931 paise).
    const rtp = await games('/games/rtp');
    // The bets' business day by the database's clock, which stamped them (the app's may have flown on).
    const [{ day } = { day: '' }] = await server.ctx.db.query<{ day: string }>(
      "select to_char(now() at time zone 'UTC' + interval '5 hours 30 minutes', 'YYYY-MM-DD') as day",
    );
    const wins = wingoPayoutPaise('green', settled!.result_number, 980n);
    expect(rtp.days).toContainEqual({
      day,
      room: 'wingo-1',
      bets: 1,
      stakes: '10.00',
      wins: (Number(wins) / 100).toFixed(2),
      actualBp: Number((wins * 10_000n) / 1000n),
      theoreticalBp: 9310,
    });
    // 100.00 in limbo with no cash-out: lost; expected 99 % under the chain's 1 % edge.
    expect(rtp.days).toContainEqual({
      day,
      room: 'limbo',
      bets: 1,
      stakes: '100.00',
      wins: '0.00',
      actualBp: 0,
      theoreticalBp: 9900,
    });
  });

  it('runs its reads in a transaction where the database refuses any write', async () => {
    await expect(
      withinReadOnly(server.ctx.db, (tx) => tx.query('update fair_chains set is_active = is_active where false')),
    ).rejects.toThrow(/read-only/);
    expect(await withinReadOnly(server.ctx.db, (tx) => tx.query<{ one: number }>('select 1 as one'))).toEqual([{ one: 1 }]);
  });

  it('answers an unknown room with a refusal, not a round', async () => {
    const reply = await adminCall(server, '/games/rounds', { room: 'nowhere' }, { token: auditor.token });
    expect(reply.body).toMatchObject({ res: 0, code: 'ROOM_UNKNOWN' });
  });
});
