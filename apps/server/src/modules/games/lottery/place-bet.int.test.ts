import { formatMoney, parseMoney } from '@mayur/rules/money';
import { LOTTERY_MIN_BET_PAISE } from '@mayur/rules/lottery-rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { LotteryEvents } from './lottery-events.ts';
import { tickLottery } from './lottery-clock.ts';

// The bet limits a period publishes (minBet, maxBet) are the limits a bet is held to, both on the
// stake (contract money × count), as the betting sheet checks them before sending.

let server: TestServer;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

beforeEach(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '10', LOTTERY_MAX_BET_RUPEES: '50' });
  server.clock.advance(T0 - server.clock.now().getTime());
});
afterEach(async () => {
  await server.stop();
});

describe('the published bet limits', () => {
  it('hold the stake, contract money × count, between minBet and maxBet', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    await tickLottery(server.ctx, new LotteryEvents(), T0);
    const state = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    expect(state).toMatchObject({ minBet: formatMoney(LOTTERY_MIN_BET_PAISE), maxBet: '50.00' });
    const pour = (contractMoney: string, contractCount: number) =>
      server.call(
        '/wingo/pour',
        { min: 60, period: state.period, select: 'red', contractMoney, contractCount, agree: true },
        { token: player.token },
      );

    expect((await pour('1', 1)).body.code).toBe('BET_TOO_SMALL');
    expect((await pour('1.09', 1)).body.code).toBe('BET_TOO_SMALL');
    const twoContracts = (await pour('1', 2)).body;
    expect(twoContracts.res).toBe(1);
    expect(parseMoney(twoContracts.obj.bet.amount)).toBe(200n);
    expect((await pour('1.10', 1)).body.res).toBe(1);
    expect((await pour('10', 5)).body.res).toBe(1);
    expect((await pour('10', 6)).body.code).toBe('BET_TOO_LARGE');
  });
});

describe('a bet at the first moment of a period', () => {
  // The game clock opens a period's round on its next step after the period starts (every 250 ms, later
  // when a step is busy), while a player's screen shows the new period from its clock at once. A bet
  // in between named a period the database did not have yet, and was refused PERIOD_UNKNOWN ("This
  // period does not exist"): the CI's bonus-wagering browser test met it at 20261125010699.
  it('waits for the game clock to open the round instead of being refused', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    await tickLottery(server.ctx, new LotteryEvents(), T0);
    // The next minute has begun; the clock has not stepped since.
    server.clock.advance(60_000);
    const { period } = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    const pour = server.call(
      '/wingo/pour',
      { min: 60, period, select: 'red', contractMoney: '2', contractCount: 1, agree: true, requestKey: 'first-moment' },
      { token: player.token },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tickLottery(server.ctx, new LotteryEvents(), T0 + 60_000);
    const reply = (await pour).body;
    expect(reply).toMatchObject({ res: 1, obj: { bet: { period, amount: '2.00' }, balance: '98.00' } });
  });

  it('is refused PERIOD_UNKNOWN once the wait is over if the clock never opens it, and moves no money', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    await tickLottery(server.ctx, new LotteryEvents(), T0);
    server.clock.advance(60_000);
    const { period } = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    const reply = await server.call(
      '/wingo/pour',
      { min: 60, period, select: 'red', contractMoney: '2', contractCount: 1, agree: true },
      { token: player.token },
    );
    expect(reply.body).toMatchObject({ res: 0, code: 'PERIOD_UNKNOWN', field: 'period' });
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance).toBe('100.00');
  });
});
