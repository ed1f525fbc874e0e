import type * as LotteryRooms from '@mayur/rules/lottery-rooms';
import { bitgameSize } from '@mayur/rules/lottery-rules';
import { beforeAll, expect, it, vi } from 'vitest';
import { setClock } from '../../../../test/games-clock.ts';
import { bitgamePlayersBettingBothSizes } from '../../../../test/games-lottery.ts';
import { checkLedger } from '../../wallet/check-ledger.ts';
import { tickLottery } from './lottery-clock.ts';
import { LotteryEvents } from './lottery-events.ts';
import { serverForFile } from '../../../../test/test-server.ts';

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

const server = serverForFile({ LOTTERY_CHAIN_LENGTH: '50' });
beforeAll(() => setClock(server, Date.UTC(2026, 10, 21, 12, 0, 0)));

it('pays Bit Game winners by the rules package’s function, whatever it says', async () => {
  const events = new LotteryEvents();
  const tick = () => tickLottery(server.ctx, events, server.clock.now().getTime());
  await tick();
  const { period } = (await server.call('/bitgame/getPeriod', {})).body.obj;
  const stakes = ['1.11', '2.37', '13.57', '777.77'];
  const players = await bitgamePlayersBettingBothSizes(server, period, stakes);
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
