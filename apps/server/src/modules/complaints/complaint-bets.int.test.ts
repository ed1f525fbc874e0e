import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { CrashEvents } from '../games/crash/crash-events.ts';
import { tickCrash } from '../games/crash/crash-clock.ts';
import { LotteryEvents } from '../games/lottery/lottery-events.ts';
import { tickLottery } from '../games/lottery/lottery-clock.ts';

// Complaints about bets: a player refers to their own Win Go or crash bet; another player's bet is a
// record that does not exist. The game clocks are driven by hand.

let server: TestServer;
// 12:00:00 UTC is a minute boundary in Kolkata too (17:30 IST).
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

beforeAll(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '50' });
  server.clock.advance(T0 - server.clock.now().getTime());
  await tickLottery(server.ctx, new LotteryEvents(), T0);
  await tickCrash(server.ctx, new CrashEvents(), T0);
});
afterAll(async () => server.stop());

async function placeBets(token: string) {
  const period = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj.period;
  const lottery = await server.call(
    '/wingo/pour',
    { min: 60, period, select: 'green', contractMoney: '10', contractCount: 1, agree: true },
    { token },
  );
  const crash = await server.call('/gameroket/pour', { room: 'limbo', amount: '20', slot: 1 }, { token });
  expect(lottery.body.res).toBe(1);
  expect(crash.body.res).toBe(1);
  return { period, lotteryBetId: lottery.body.obj.bet.id as string, crashBetId: crash.body.obj.bet.id as string };
}

describe('a complaint about a bet', () => {
  it('refers to the player’s own lottery or crash bet and to no one else’s', async () => {
    const owner = await quickPlayer(server, { cashPaise: 100_000n });
    const other = await quickPlayer(server, { cashPaise: 100_000n });
    const bets = await placeBets(owner.token);

    const records = (await server.call('/user/findComplaintRecords', {}, { token: owner.token })).body.obj.list;
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'lottery',
          id: bets.lotteryBetId,
          amount: '10.00',
          detail: `wingo-1 · ${bets.period} · green`,
        }),
        expect.objectContaining({ kind: 'crash', id: bets.crashBetId, amount: '20.00', detail: 'limbo' }),
      ]),
    );
    expect(records).toHaveLength(2);

    for (const [referenceKind, referenceId] of [
      ['lottery', bets.lotteryBetId],
      ['crash', bets.crashBetId],
    ]) {
      const refused = await server.call(
        '/user/addComplaints',
        { type: 'game', text: 'Not mine', referenceKind, referenceId },
        { token: other.token },
      );
      expect(refused.body, referenceKind).toMatchObject({ res: 0, code: 'COMPLAINT_REFERENCE_NOT_FOUND' });
    }
    const filed = await server.call(
      '/user/addComplaints',
      { type: 'game', text: 'My cash-out did not register', referenceKind: 'crash', referenceId: bets.crashBetId },
      { token: owner.token },
    );
    expect(filed.body.obj).toMatchObject({ type: 'game', reference: { kind: 'crash', id: bets.crashBetId } });
  });
});
