import { parseMoney } from '@mayur/rules/money';
import { describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { crashOnHandClock } from '../../../../test/games-crash.ts';

// What a crash room shows of every real player: the newest round's bets with totals
// (/gameroket/getRoundBets) and the day's biggest cash-outs (/gameroket/getTopWins), on a real
// database with the clock driven by hand.

const { server, setNow, tick, roundCrashingAtLeast } = crashOnHandClock(Date.UTC(2026, 11, 2, 10, 0, 0));

const roundBets = async () => (await server.call('/gameroket/getRoundBets', { room: 'limbo' })).body;
const topWins = async () => (await server.call('/gameroket/getTopWins', { room: 'limbo' })).body;

describe('a crash room’s live bets and top wins', () => {
  it('lists every real bet of the round with totals, cash-outs as they happen, and the day’s biggest wins', async () => {
    const alice = await quickPlayer(server, { cashPaise: 100_000n });
    const bob = await quickPlayer(server, { cashPaise: 100_000n });
    const round = await roundCrashingAtLeast(200);
    const manual = await server.call('/gameroket/pour', { room: 'limbo', amount: '100', slot: 1 }, { token: alice.token });
    const auto = await server.call(
      '/gameroket/pour',
      { room: 'limbo', amount: '40', slot: 1, autoCashoutX100: 150 },
      { token: bob.token },
    );
    const cancelled = await server.call('/gameroket/pour', { room: 'limbo', amount: '25', slot: 2 }, { token: bob.token });
    expect((await server.call('/gameroket/cancel', { betId: cancelled.body.obj.bet.id }, { token: bob.token })).body.res).toBe(1);

    const betting = await roundBets();
    expect(betting.res).toBe(1);
    expect(betting.obj.roundId).toBe(String(round.id));
    expect(betting.obj.players).toBe(2);
    expect(betting.obj.totalStake).toBe('140.00');
    expect(betting.obj.list.map((bet: any) => [bet.betId, bet.amount, bet.multiplierX100, bet.winAmount])).toEqual([
      [manual.body.obj.bet.id, '100.00', null, null],
      [auto.body.obj.bet.id, '40.00', null, null],
    ]);
    // Real players, masked: the nickname's first three letters and the id's last two digits.
    expect(betting.obj.list[0].player).toBe(`Qui***${String(alice.userId).slice(-2)}`);
    // An automatic cash-out's target is never shown: only what has happened is.
    expect(Object.keys(betting.obj.list[1]).sort()).toEqual(['amount', 'betId', 'multiplierX100', 'player', 'winAmount']);

    // In flight, past the automatic target: only the manual cash-out has happened.
    setNow(round.crash_at.getTime() - 1);
    const cashed = await server.call('/gameroket/doSettle', { betId: manual.body.obj.bet.id }, { token: alice.token });
    expect(cashed.body.res).toBe(1);
    const flying = await roundBets();
    expect(flying.obj.list[0]).toMatchObject({
      betId: manual.body.obj.bet.id,
      multiplierX100: cashed.body.obj.multiplierX100,
      winAmount: cashed.body.obj.winAmount,
    });
    expect(flying.obj.list[1]).toMatchObject({ betId: auto.body.obj.bet.id, multiplierX100: null, winAmount: null });
    expect((await topWins()).obj.list).toEqual([]);

    // Crashed and settled: the automatic cash-out is paid at its target and both are the day's top wins.
    setNow(round.crash_at.getTime());
    await tick();
    const settled = await roundBets();
    expect(settled.obj.list[1]).toMatchObject({ betId: auto.body.obj.bet.id, multiplierX100: 150, winAmount: '60.00' });
    const top = (await topWins()).obj.list;
    expect(top.map((win: any) => [win.betId, win.roundId, win.winAmount])).toEqual([
      [manual.body.obj.bet.id, String(round.id), cashed.body.obj.winAmount],
      [auto.body.obj.bet.id, String(round.id), '60.00'],
    ]);
    expect(parseMoney(top[0].winAmount)! > parseMoney(top[1].winAmount)!).toBe(true);
    expect(top[0].time).toBe(round.crash_at.toISOString());

    // A day later the wins have left the list.
    setNow(round.crash_at.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect((await topWins()).obj.list).toEqual([]);
  });

  it('answers an empty list before a room’s first round and refuses an unknown room by its code', async () => {
    expect((await roundBets()).obj).toEqual({ roundId: null, list: [], players: 0, totalStake: '0.00' });
    const unknown = await server.call('/gameroket/getRoundBets', { room: 'nowhere' });
    expect(unknown.body).toMatchObject({ res: 0, code: 'ROOM_UNKNOWN' });
    expect((await server.call('/gameroket/getTopWins', { room: 'nowhere' })).body).toMatchObject({
      res: 0,
      code: 'ROOM_UNKNOWN',
    });
  });
});
