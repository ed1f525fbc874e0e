import { crashPointX100, isSeedInChain, roundDigest } from '@mayur/fairness';
import { formatMoney, parseMoney } from '@mayur/rules/money';
import { multiplierX100At } from '@mayur/rules/crash-curve';
import { describe, expect, it, vi } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { crashOnHandClock, oneOfParallelCashOuts, type LiveCrashRound } from '../../../../test/games-crash.ts';
import { checkLedger } from '../../wallet/check-ledger.ts';
import { cashOut } from './cash-out.ts';
import { CRASH_BETTING_MS } from './crash-engine.ts';
import { CrashEvents } from './crash-events.ts';
import { tickCrash } from './crash-clock.ts';

// Crash rounds through the HTTP API on a real database, with the clock driven by hand.

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
const { server, now, setNow, serve, die, tick, liveRound, roundCrashingAtLeast, servingNodeId } = crashOnHandClock(T0);

/** The player's limbo bets, newest first. */
const betsOf = async (token: string) =>
  (await server.call('/gameroket/getUserHistoryByPage', { room: 'limbo' }, { token })).body.obj.list;
const balanceOf = async (token: string) => (await server.call('/user/balance', {}, { token })).body.obj.balance;
/** The player's limbo bets, newest first, as [slot, status, win]. */
const slotsStatusesAndWins = async (token: string) =>
  (await betsOf(token)).map((bet: any) => [bet.slot, bet.status, bet.winAmount]);
/**
 * A player with ₹1,000 who, on a round crashing at 1.5× or more, bets ₹100 by hand in slot 1 and ₹100
 * with an automatic cash-out at `target(round)` in slot 2.
 */
async function betByHandAndAutomatically(target: (round: LiveCrashRound) => number) {
  const player = await quickPlayer(server, { cashPaise: 100_000n });
  const round = await roundCrashingAtLeast(150);
  await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: player.token });
  const automatic = { room: 'limbo', amount: '100', slot: 2, autoCashoutX100: target(round) };
  await server.call('/gameroket/pour', automatic, { token: player.token });
  return { player, round };
}
/** The newest settled limbo round, as the history lists it. */
const lastLimboRound = async () => (await server.call('/gameroket/getHistoryByPage', { room: 'limbo' })).body.obj.list[0];

describe('a crash round', () => {
  it('pays a cash-out received just before the crash, refuses one at the crash, and cashes out once', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    const round = await roundCrashingAtLeast(150);
    const first = await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: player.token });
    const second = await server.call('/gameroket/pour', { room: 'limbo', amount: '50', slot: 2 }, { token: player.token });
    expect(first.body.obj.bet).toMatchObject({ status: 'open', roundId: String(round.id), crashPointX100: null });
    expect(second.body.obj.balance).toBe('850.00');
    expect((await server.call('/gameroket/getCurrent', { room: 'limbo' })).body.obj).toMatchObject({
      phase: 'betting',
      crashPointX100: null,
    });
    expect((await server.call('/gameroket/doSettle', { betId: first.body.obj.bet.id }, { token: player.token })).body.code).toBe(
      'CASHOUT_NOT_FLYING',
    );

    setNow(round.crash_at.getTime() - 1);
    const accepted = await oneOfParallelCashOuts(server, first.body.obj.bet.id, player.token, 10);
    const multiplier = accepted.body.obj.multiplierX100;
    expect(multiplier).toBeLessThan(round.crash_point_x100);
    expect(multiplier).toBe(multiplierX100At(round.crash_at.getTime() - 1 - round.flying_at.getTime()));
    expect(parseMoney(accepted.body.obj.winAmount)).toBe((10_000n * BigInt(multiplier)) / 100n);

    setNow(round.crash_at.getTime());
    expect((await server.call('/gameroket/doSettle', { betId: second.body.obj.bet.id }, { token: player.token })).body.code).toBe(
      'CASHOUT_TOO_LATE',
    );
    await tick();
    const mine = await betsOf(player.token);
    expect(mine.map((bet: any) => [bet.slot, bet.status, bet.crashPointX100])).toEqual([
      [2, 'lost', round.crash_point_x100],
      [1, 'cashed_out', round.crash_point_x100],
    ]);
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('settles automatic cash-outs at exactly their target only below the crash point', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    const round = await roundCrashingAtLeast(150);
    const below = await server.call(
      '/gameroket/pour',
      { room: 'limbo', amount: '10', slot: 1, autoCashoutX100: round.crash_point_x100 - 1 },
      { token: player.token },
    );
    const at = await server.call(
      '/gameroket/pour',
      { room: 'limbo', amount: '10', slot: 2, autoCashoutX100: round.crash_point_x100 },
      { token: player.token },
    );
    setNow(round.crash_at.getTime());
    await tick();
    const bets = await betsOf(player.token);
    const byId = new Map(bets.map((bet: any) => [bet.id, bet]));
    expect(byId.get(below.body.obj.bet.id)).toMatchObject({ status: 'cashed_out', cashoutX100: round.crash_point_x100 - 1 });
    expect(byId.get(at.body.obj.bet.id)).toMatchObject({ status: 'lost', cashoutX100: null, winAmount: '0.00' });
    const expectedWin = (1_000n * BigInt(round.crash_point_x100 - 1)) / 100n;
    expect(parseMoney((byId.get(below.body.obj.bet.id) as any).winAmount)).toBe(expectedWin);
  });

  it('queues a bet received in flight for the next round, cancellable until that round flies', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    await tick();
    const round = await liveRound();
    setNow(round.flying_at.getTime());
    const queued = await server.call('/gameroket/pour', { room: 'limbo', amount: '20' }, { token: player.token });
    expect(queued.body.obj.bet).toMatchObject({ status: 'queued', roundId: null });
    expect((await server.call('/gameroket/pour', { room: 'limbo', amount: '20' }, { token: player.token })).body.code).toBe(
      'SLOT_TAKEN',
    );
    setNow(round.next_round_at.getTime());
    await tick();
    await tick();
    const next = await liveRound();
    expect(next.id).not.toBe(round.id);
    const joined = (await betsOf(player.token))[0];
    expect(joined).toMatchObject({ status: 'open', roundId: String(next.id) });
    const cancelled = await server.call('/gameroket/cancel', { betId: joined.id }, { token: player.token });
    expect(cancelled.body.obj).toMatchObject({ bet: { status: 'cancelled' }, balance: '100.00' });
    const again = await server.call('/gameroket/pour', { room: 'limbo', amount: '20' }, { token: player.token });
    setNow(next.flying_at.getTime());
    expect((await server.call('/gameroket/cancel', { betId: again.body.obj.bet.id }, { token: player.token })).body.code).toBe(
      'BET_NOT_CANCELLABLE',
    );
    const other = await quickPlayer(server);
    expect((await server.call('/gameroket/cancel', { betId: again.body.obj.bet.id }, { token: other.token })).body.code).toBe(
      'BET_UNKNOWN',
    );
    expect((await server.call('/gameroket/doSettle', { betId: again.body.obj.bet.id }, { token: other.token })).body.code).toBe(
      'BET_UNKNOWN',
    );
  });

  it('loses every open bet of a round settled long after its crash while a node was serving', async () => {
    const { player, round } = await betByHandAndAutomatically((round) => round.crash_point_x100 + 100);
    // The clock is busy: it settles the round 20 s after the crash, but players could cash out all along.
    setNow(round.crash_at.getTime() + 20_000);
    await tick();
    expect(await slotsStatusesAndWins(player.token)).toEqual([
      [2, 'lost', '0.00'],
      [1, 'lost', '0.00'],
    ]);
    expect(await balanceOf(player.token)).toBe('800.00');
    expect(await lastLimboRound()).toMatchObject({ roundId: String(round.id), wasInterrupted: false });
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('pays a cash-out received before the crash even when settlement committed first', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    const round = await roundCrashingAtLeast(150);
    const bet = await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: player.token });
    const betId = BigInt(bet.body.obj.bet.id);
    setNow(round.crash_at.getTime());
    await tick();
    expect((await betsOf(player.token))[0]).toMatchObject({
      status: 'lost',
    });
    // The request reached this node 1 ms before the crash; its transaction ran after the settlement.
    const receivedAtMs = round.crash_at.getTime() - 1;
    const replies = await Promise.allSettled([
      cashOut(server.ctx, server.crashEvents, player.userId, betId, receivedAtMs),
      cashOut(server.ctx, server.crashEvents, player.userId, betId, receivedAtMs),
    ]);
    expect(replies.filter((reply) => reply.status === 'fulfilled')).toHaveLength(1);
    const multiplier = multiplierX100At(receivedAtMs - round.flying_at.getTime());
    const mine = (await betsOf(player.token))[0];
    expect(mine).toMatchObject({ status: 'cashed_out', cashoutX100: multiplier });
    expect(await balanceOf(player.token)).toBe(formatMoney(100_000n - 10_000n + (10_000n * BigInt(multiplier)) / 100n));
    // One received at the crash instant stays lost.
    const other = await quickPlayer(server, { cashPaise: 100_000n });
    setNow(round.next_round_at.getTime());
    const next = await roundCrashingAtLeast(150);
    const lost = await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: other.token });
    setNow(next.crash_at.getTime());
    await tick();
    await expect(
      cashOut(server.ctx, server.crashEvents, other.userId, BigInt(lost.body.obj.bet.id), next.crash_at.getTime()),
    ).rejects.toMatchObject({
      code: 'CASHOUT_TOO_LATE',
    });
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('refunds open bets and pays reached automatic targets when the process died mid-flight', async () => {
    const { player, round } = await betByHandAndAutomatically(() => 120);
    // The process died at take-off; it is back, and runs the clock, a minute after the crash instant.
    setNow(round.flying_at.getTime());
    await serve();
    await die();
    setNow(round.crash_at.getTime() + 60_000);
    await tick();
    expect(await slotsStatusesAndWins(player.token)).toEqual([
      [2, 'cashed_out', '120.00'],
      [1, 'refunded', '0.00'],
    ]);
    expect(await balanceOf(player.token)).toBe('1020.00');
    expect(await lastLimboRound()).toMatchObject({
      roundId: String(round.id),
      crashPointX100: round.crash_point_x100,
      wasInterrupted: true,
    });
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('voids a round whose flight had a heartbeat gap, once the record of the flight is final', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    const round = await roundCrashingAtLeast(200);
    const flyingAtMs = round.flying_at.getTime();
    const crashAtMs = round.crash_at.getTime();
    const below = round.crash_point_x100 - 1;
    await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: player.token });
    await server.call(
      '/gameroket/pour',
      { room: 'limbo', amount: '100', slot: 2, autoCashoutX100: below },
      { token: player.token },
    );
    // Served through take-off, then down for five seconds of the flight, then serving again until the crash.
    setNow(flyingAtMs + 1_000);
    await tick();
    await die();
    setNow(flyingAtMs + 6_000);
    await tick();
    setNow(crashAtMs);
    await tick();
    // A gap is acted on only once no late beat can close it: the round waits, unsettled.
    expect((await liveRound()).id).toBe(round.id);
    setNow(crashAtMs + 10_000);
    await tick();
    const bets = await betsOf(player.token);
    const autoWin = (10_000n * BigInt(below)) / 100n;
    expect(bets.map((bet: any) => [bet.slot, bet.status, parseMoney(bet.winAmount)])).toEqual([
      [2, 'cashed_out', autoWin],
      [1, 'refunded', 0n],
    ]);
    expect(parseMoney(await balanceOf(player.token))).toBe(100_000n - 20_000n + 10_000n + autoWin);
    const history = await lastLimboRound();
    expect(history).toMatchObject({ roundId: String(round.id), wasInterrupted: true });
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('answers getCurrent between rounds with the round that just crashed', async () => {
    const round = await roundCrashingAtLeast(101);
    setNow(round.crash_at.getTime());
    await tick();
    // The pause: the round is settled and the next one opens at next_round_at.
    expect(await server.ctx.db.query("select 1 from crash_rounds where room = 'limbo' and state = 'live'")).toEqual([]);
    const between = await server.call('/gameroket/getCurrent', { room: 'limbo' });
    expect(between.body.obj).toMatchObject({
      roundId: String(round.id),
      phase: 'crashed',
      crashAtMs: round.crash_at.getTime(),
      crashPointX100: round.crash_point_x100,
      serverTimeMs: round.crash_at.getTime(),
    });
    expect(between.body.obj.recent[0]).toBe(round.crash_point_x100);
    setNow(round.next_round_at.getTime());
    await tick();
    const next = (await server.call('/gameroket/getCurrent', { room: 'limbo' })).body.obj;
    expect(next).toMatchObject({ phase: 'betting', crashAtMs: null, crashPointX100: null });
    expect(next.roundId).not.toBe(String(round.id));
  });

  it('announces take-off once per round, also when a new leader takes over in flight', async () => {
    const round = await roundCrashingAtLeast(150);
    // Every room's clock steps together; the limbo round is the one watched, and every round counts.
    const flights: Array<[leader: string, roundId: string]> = [];
    const firstLeader = new CrashEvents();
    const nextLeader = new CrashEvents();
    firstLeader.on('flying', (event) => flights.push(['first', event.roundId]));
    nextLeader.on('flying', (event) => flights.push(['next', event.roundId]));
    setNow(round.flying_at.getTime() + 100);
    await serve();
    await tickCrash(server.ctx, firstLeader, now());
    // The new leader is another process: a fresh copy of the clock module, with none of the first one's memory.
    vi.resetModules();
    const otherNode = await import('./crash-clock.ts');
    setNow(round.flying_at.getTime() + 350);
    await serve();
    await otherNode.tickCrash(server.ctx, nextLeader, now());
    await otherNode.tickCrash(server.ctx, nextLeader, now());
    expect(flights).toContainEqual(['first', String(round.id)]);
    const roundIds = flights.map(([, roundId]) => roundId);
    expect(roundIds).toEqual([...new Set(roundIds)]);
  });

  it('prunes heartbeat intervals an hour older than any flight still to be settled', async () => {
    const round = await roundCrashingAtLeast(101);
    // A process that served two hours ago, long before this round's flight.
    await server.ctx.db.query("insert into node_heartbeats (node_id, started_at, last_beat_at) values ('gone', $1, $2)", [
      new Date(T0 - 2 * 3_600_000),
      new Date(T0 - 2 * 3_600_000 + 60_000),
    ]);
    setNow(round.crash_at.getTime());
    await tick();
    const left = await server.ctx.db.query<{ node_id: string }>('select node_id from node_heartbeats');
    expect(left.map((row) => row.node_id)).toEqual([servingNodeId()]);
  });

  it("tells verifiers the edge a round's chain was committed with", async () => {
    await tick();
    const first = await liveRound('crash');
    // A chain committed with another edge (the column exists for that): its rounds must verify with it.
    await server.ctx.db.query("update fair_chains set edge = 5 where room = 'crash' and is_active");
    setNow(first.next_round_at.getTime());
    await tick();
    const round = await liveRound('crash');
    setNow(round.next_round_at.getTime());
    await tick();
    const fair = (await server.call('/fair/round', { game: 'crash', room: 'crash', roundId: String(round.id) })).body.obj;
    expect(fair.edge).toBe(5);
    expect(crashPointX100(roundDigest(fair.seed, fair.salt), BigInt(fair.edge))).toBe(fair.crashPointX100);
  });

  it('takes every crash point from the room chain, revealed only after the crash', async () => {
    await tick();
    const round = await liveRound('crash');
    const hidden = (await server.call('/fair/round', { game: 'crash', room: 'crash', roundId: String(round.id) })).body.obj;
    expect(hidden).toMatchObject({ seed: null, crashPointX100: null });
    for (let i = 0; i < 5; i++) {
      const live = await liveRound('crash');
      setNow(Math.max(live.next_round_at.getTime(), now()));
      await tick();
    }
    const chain = (await server.call('/fair/chain', { game: 'crash', room: 'crash' })).body.obj;
    const history = (await server.call('/gameroket/getHistoryByPage', { room: 'crash', pageSize: 10 })).body.obj.list;
    expect(history.length).toBeGreaterThanOrEqual(5);
    for (const entry of history) {
      expect(isSeedInChain(entry.seed, entry.chainIndex, chain.commitment)).toBe(true);
      expect(crashPointX100(roundDigest(entry.seed, chain.salt))).toBe(entry.crashPointX100);
    }
    const limboChain = (await server.call('/fair/chain', { game: 'crash', room: 'limbo' })).body.obj;
    expect(limboChain.commitment).not.toBe(chain.commitment);
    expect(T0 + CRASH_BETTING_MS).toBe(round.flying_at.getTime());
  });

  it('answers parallel retries of one bet request with the same bet', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    await tick();
    const body = { room: 'limbo', amount: '10', slot: 2, requestKey: 'crash-retry-0001' };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => server.call('/gameroket/pour', body, { token: player.token })),
    );
    expect(replies.every((reply) => reply.body.res === 1)).toBe(true);
    expect(new Set(replies.map((reply) => reply.body.obj.bet.id)).size).toBe(1);
    expect(await balanceOf(player.token)).toBe('90.00');
    expect((await server.call('/gameroket/pour', { ...body, amount: '11' }, { token: player.token })).body.code).toBe(
      'IDEMPOTENCY_CONFLICT',
    );
  });

  it('refuses bets outside the room limits and slots', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000_000n });
    await tick();
    expect((await server.call('/gameroket/pour', { room: 'limbo3', amount: '5' }, { token: player.token })).body.code).toBe(
      'BET_TOO_SMALL',
    );
    expect((await server.call('/gameroket/pour', { room: 'limbo1', amount: '2001' }, { token: player.token })).body.code).toBe(
      'BET_TOO_LARGE',
    );
    expect(
      (await server.call('/gameroket/pour', { room: 'crash', amount: '10', slot: 2 }, { token: player.token })).body.code,
    ).toBe('INVALID_FIELD');
    expect((await server.call('/gameroket/pour', { room: 'moon', amount: '10' }, { token: player.token })).body.code).toBe(
      'ROOM_UNKNOWN',
    );
    expect(
      (await server.call('/gameroket/pour', { room: 'crash', amount: '10', autoCashoutX100: 100 }, { token: player.token })).body
        .code,
    ).toBe('CASHOUT_TARGET_INVALID');
  });
});
