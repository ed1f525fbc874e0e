import { parseMoney } from '@mayur/rules/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { beatenByHand, setClock } from '../../../test/games-clock.ts';
import { liveCrashRound, type LiveCrashRound } from '../../../test/games-crash.ts';
import { betBothBitgameSizes } from '../../../test/games-lottery.ts';
import type { Heartbeat } from '../../platform/heartbeat.ts';
import { tickCrash } from '../games/crash/crash-clock.ts';
import { CrashEvents } from '../games/crash/crash-events.ts';
import { tickLottery } from '../games/lottery/lottery-clock.ts';
import { LotteryEvents } from '../games/lottery/lottery-events.ts';
import { BIG_WINS_CACHE_MS } from './big-wins.ts';
import { serverForFile } from '../../../test/test-server.ts';

// Home's ticker lists real settled wins only: a lottery payout and a crash cash-out of real players,
// masked, and nothing at all while nobody has won.

const server = serverForFile({ LOTTERY_CHAIN_LENGTH: '200' });
let heartbeat: Heartbeat;
const lotteryEvents = new LotteryEvents();
const crashEvents = new CrashEvents();

beforeAll(() => {
  setClock(server, Date.UTC(2026, 10, 21, 12, 0, 0));
  heartbeat = beatenByHand(server);
});
afterAll(() => heartbeat.stop());

const now = () => server.clock.now().getTime();
const setNow = (ms: number) => setClock(server, ms);
const bigWins = async () => (await server.call('/home/bigWins', {})).body;
/** Past the ticker's cache, so the next read asks the database again. */
const afterCache = () => server.clock.advance(BIG_WINS_CACHE_MS);
const masked = (userId: number) => `Qui***${String(userId).slice(-2)}`;

async function paidTo(userId: number): Promise<bigint[]> {
  const rows = await server.ctx.db.query<{ amount_paise: bigint }>(
    `select t.amount_paise from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
     where t.reason = 'payout' and a.user_id = $1 order by t.id`,
    [userId],
  );
  return rows.map((row) => BigInt(row.amount_paise));
}

const tickLotteryRooms = () => tickLottery(server.ctx, lotteryEvents, now());
async function tickCrashRooms() {
  await heartbeat.beatNow();
  await tickCrash(server.ctx, crashEvents, now());
}

describe('the big wins ticker', () => {
  it('lists nothing while no one has won, even with bets placed and rounds settled', async () => {
    await tickLotteryRooms();
    const { period } = (await server.call('/bitgame/getPeriod', {})).body.obj;
    const small = await quickPlayer(server, { cashPaise: 100_000n });
    // A win far below the threshold is real, but not big.
    await betBothBitgameSizes(server, small.token, period, '1.11');
    server.clock.advance(60_000);
    await tickLotteryRooms();
    expect((await paidTo(small.userId)).length).toBe(1);
    afterCache();
    expect(await bigWins()).toMatchObject({ res: 1, obj: { list: [], minAmount: '100.00' } });
  });

  it('lists a settled lottery payout of a real player, masked', async () => {
    await tickLotteryRooms();
    const { period } = (await server.call('/bitgame/getPeriod', {})).body.obj;
    const player = await quickPlayer(server, { cashPaise: 1_000_000n });
    await betBothBitgameSizes(server, player.token, period, '500');
    afterCache();
    expect((await bigWins()).obj.list).toEqual([]);
    server.clock.advance(60_000);
    await tickLotteryRooms();
    const [paid] = await paidTo(player.userId);
    expect(paid).toBeGreaterThanOrEqual(10_000n);
    afterCache();
    const { list } = (await bigWins()).obj;
    expect(list).toEqual([
      { player: masked(player.userId), game: 'bitGame', room: 'bitgame', amount: expect.any(String), time: expect.any(String) },
    ]);
    expect(parseMoney(list[0].amount)).toBe(paid);
    expect(JSON.stringify(list)).not.toContain(String(player.userId).padStart(5, '0'));
  });

  it('lists a crash cash-out once its round has settled, newest first', async () => {
    let round: LiveCrashRound | null = null;
    for (let i = 0; i < 200 && !round; i++) {
      await tickCrashRooms();
      const live = await liveCrashRound(server, 'limbo3');
      if (live.crash_point_x100 >= 200) round = live;
      else {
        setNow(live.next_round_at.getTime());
        await tickCrashRooms();
      }
    }
    expect(round, 'a round crashing at 2× or more').not.toBeNull();
    const player = await quickPlayer(server, { cashPaise: 1_000_000n });
    const bet = await server.call('/gameroket/pour', { room: 'limbo3', amount: '1000', slot: 1 }, { token: player.token });
    expect(bet.body.res).toBe(1);
    setNow(round!.crash_at.getTime() - 1);
    const cashedOut = await server.call('/gameroket/doSettle', { betId: bet.body.obj.bet.id }, { token: player.token });
    expect(cashedOut.body.res).toBe(1);
    setNow(round!.crash_at.getTime());
    await tickCrashRooms();
    afterCache();
    const { list } = (await bigWins()).obj;
    expect(list[0]).toEqual({
      player: masked(player.userId),
      game: 'aviator',
      room: 'limbo3',
      amount: cashedOut.body.obj.winAmount,
      time: expect.any(String),
    });
    expect(list.map((win: { game: string }) => win.game)).toEqual(['aviator', 'bitGame']);
  });
});
