import { formatMoney, LOTTERY_MIN_BET_PAISE, parseMoney } from '@mayur/contracts';
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
