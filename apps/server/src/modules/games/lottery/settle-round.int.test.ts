import { parseMoney } from '@mayur/rules/money';
import type * as LotteryRooms from '@mayur/rules/lottery-rooms';
import { bitgameSize } from '@mayur/rules/lottery-rules';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { checkLedger } from '../../wallet/check-ledger.ts';
import { tickLottery } from './lottery-clock.ts';
import { LotteryEvents } from './lottery-events.ts';

// Settlement has no payout rule of its own: it pays what the rules package's function says. Here the
// Bit Game rule is replaced by another (×1.75) and settlement must follow it; a settlement with its
// own copy of the multiplier would go on paying ×1.95.

vi.mock('@mayur/rules/lottery-rooms', async (importOriginal) => {
  const rooms = await importOriginal<typeof LotteryRooms>();
  return {
    ...rooms,
    bitgameMultiplier: (selection: string, digitSum: number): [bigint, bigint] =>
      bitgameSize(digitSum) === selection ? [7n, 4n] : [0n, 1n],
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOTTERY_CHAIN_LENGTH: '50' });
  server.clock.advance(Date.UTC(2026, 10, 21, 12, 0, 0) - server.clock.now().getTime());
});
afterAll(async () => {
  await server.stop();
});

it('pays Bit Game winners by the rules package’s function, whatever it says', async () => {
  const events = new LotteryEvents();
  const tick = () => tickLottery(server.ctx, events, server.clock.now().getTime());
  await tick();
  const { period } = (await server.call('/bitgame/getPeriod', {})).body.obj;
  const stakes = ['1.11', '2.37', '13.57', '777.77'];
  const players = [];
  for (const amount of stakes) {
    const player = await quickPlayer(server, { cashPaise: 1_000_000n });
    for (const select of ['big', 'small'])
      expect((await server.call('/bitgame/pour', { period, select, amount }, { token: player.token })).body.res).toBe(1);
    players.push({ player, stakePaise: parseMoney(amount)! });
  }
  server.clock.advance(60_000);
  await tick();
  const [round] = await server.ctx.db.query<{ id: bigint }>(
    "select id from lottery_rounds where room = 'bitgame' and period = $1 and state = 'settled'",
    [period],
  );
  expect(round, 'the round is settled').toBeDefined();
  for (const { player, stakePaise } of players) {
    const paid = await server.ctx.db.query<{ amount_paise: bigint }>(
      `select t.amount_paise from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
       where t.reason = 'payout' and a.user_id = $1`,
      [player.userId],
    );
    expect(paid).toEqual([{ amount_paise: (stakePaise * 7n) / 4n }]);
  }
  expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
});
