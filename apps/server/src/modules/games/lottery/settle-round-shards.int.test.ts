import { type LotteryResultEvent } from '@mayur/contracts';
import { periodAt, wingoPayoutPaise, type WingoSelection } from '@mayur/rules/lottery-rooms';
import { beforeAll, expect, it } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { setClock } from '../../../../test/games-clock.ts';
import type { Db } from '../../../platform/db/db.ts';
import { houseShardPurpose } from '../../wallet/accounts.ts';
import { checkLedger } from '../../wallet/check-ledger.ts';
import { tickLottery } from './lottery-clock.ts';
import { LotteryEvents } from './lottery-events.ts';
import { openRound } from './open-round.ts';
import { placeBet } from './place-bet.ts';
import { chooseRoundPayouts, keepChosenPayouts } from './round-payouts.ts';
import { settleRound } from './settle-round.ts';
import { serverForFile } from '../../../../test/test-server.ts';

// Settlement posts its payouts in one transaction per room shard. A settlement that stops after some
// shards have committed leaves the round unsettled and its result unrevealed; the retry pays only the
// winners not paid yet, so every winner is paid exactly once and the round is settled once.

// 12:00:00 UTC is a minute boundary in Kolkata too (17:30 IST).
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const PLAYER_COUNT = 20;
const STAKE_PAISE = 1_000n;

const server = serverForFile({ LOTTERY_CHAIN_LENGTH: '50' });
beforeAll(() => setClock(server, T0));

/** Players with ₹1,000 each. */
async function fundedPlayers(count: number) {
  const players = [];
  for (let index = 0; index < count; index++) players.push(await quickPlayer(server, { cashPaise: 100_000n }));
  return players;
}

/** Bets the stake on every number of a Win Go period, so that exactly one of the bets wins whatever the result. */
async function betOnEveryNumber(userId: number, period: string) {
  for (let number = 0; number <= 9; number++)
    await placeBet(server.ctx, userId, {
      room: 'wingo-1',
      period,
      selection: String(number),
      contractMoneyPaise: STAKE_PAISE,
      contractCount: 1,
    });
}

async function roundIdOf(period: string): Promise<bigint> {
  const [round] = await server.ctx.db.query<{ id: bigint }>('select id from lottery_rounds where period = $1', [period]);
  return round!.id;
}

/** The same database, except that the transactions numbered in `failing` (from 1) roll back after their work. */
function failingTransactions(db: Db, failing: ReadonlySet<number>): Db {
  let started = 0;
  return {
    ...db,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction(work) {
      started += 1;
      const isFailing = failing.has(started);
      return db.transaction(async (tx) => {
        const result = await work(tx);
        if (isFailing) throw new Error('injected failure before commit');
        return result;
      });
    },
  };
}

async function payoutsByPlayer(userIds: number[]): Promise<Map<number, bigint[]>> {
  const rows = await server.ctx.db.query<{ user_id: number; amount_paise: bigint }>(
    `select a.user_id, t.amount_paise from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
     where t.reason = 'payout' and a.user_id = any($1::int[]) order by t.id`,
    [userIds],
  );
  const paid = new Map<number, bigint[]>(userIds.map((userId) => [userId, []]));
  for (const row of rows) paid.get(row.user_id)!.push(row.amount_paise);
  return paid;
}

it('pays every winner exactly once when a settlement stops after some shards and is retried', async () => {
  const slot = periodAt('wingo-1', T0);
  expect(await openRound(server.ctx, 'wingo-1', slot)).toBe(true);
  const players = await fundedPlayers(PLAYER_COUNT);
  const userIds = players.map((player) => player.userId);
  expect(new Set(userIds.map((userId) => houseShardPurpose('room:wingo-1', userId))).size).toBe(16);
  // Every player bets on every number, so every player wins exactly one bet whatever the result.
  for (const player of players) await betOnEveryNumber(player.userId, slot.period);
  const roundId = await roundIdOf(slot.period);

  // Nothing is paid before the period ends, however often settlement is asked.
  expect(await settleRound(server.ctx, roundId, slot.endsAtMs - 1)).toBeNull();
  expect([...(await payoutsByPlayer(userIds)).values()].flat()).toEqual([]);

  // The second shard's transaction fails (the fourth: the winners are read, then prepared, in the first
  // two); the shards before and after it commit.
  server.clock.advance(slot.endsAtMs - T0);
  const interrupted = { ...server.ctx, db: failingTransactions(server.ctx.db, new Set([4])) };
  await expect(settleRound(interrupted, roundId, slot.endsAtMs)).rejects.toThrow('injected failure before commit');
  const partly = await payoutsByPlayer(userIds);
  const paidCount = [...partly.values()].filter((amounts) => amounts.length > 0).length;
  expect(paidCount).toBeGreaterThan(0);
  expect(paidCount).toBeLessThan(PLAYER_COUNT);
  const [unsettled] = await server.ctx.db.query<{ state: string; result_number: number | null }>(
    'select state, result_number from lottery_rounds where id = $1',
    [roundId],
  );
  expect(unsettled).toEqual({ state: 'closed', result_number: null });
  const fair = (await server.call('/fair/round', { game: 'wingo', room: 'wingo-1', period: slot.period })).body.obj;
  expect(fair).toMatchObject({ seed: null, result: null });
  expect((await checkLedger(server.ctx.db)).violations).toEqual([]);

  // The retry, twice at once as a repeated tick or a second node would: one of them settles the round.
  const retries = await Promise.all([
    settleRound(server.ctx, roundId, slot.endsAtMs + 1_000),
    settleRound(server.ctx, roundId, slot.endsAtMs + 1_000),
  ]);
  const settled = retries.filter((outcome) => outcome !== null);
  expect(settled).toHaveLength(1);
  expect(settled[0]!.winners).toBe(PLAYER_COUNT);
  const number = settled[0]!.result.number!;
  const winPaise = wingoPayoutPaise(String(number) as WingoSelection, number, STAKE_PAISE - 20n);
  for (const [userId, amounts] of await payoutsByPlayer(userIds)) expect(amounts, `player ${userId}`).toEqual([winPaise]);
  expect(await settleRound(server.ctx, roundId, slot.endsAtMs + 2_000)).toBeNull();
  const [final] = await server.ctx.db.query<{ state: string; result_number: number }>(
    'select state, result_number from lottery_rounds where id = $1',
    [roundId],
  );
  expect(final).toEqual({ state: 'settled', result_number: number });
  expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
});

it('chooses the payouts when betting closes and moves no money, shows no result, until the period ends', async () => {
  const events = new LotteryEvents();
  const results: LotteryResultEvent[] = [];
  events.on('result', (settled) => results.push(settled));
  const start = periodAt('wingo-1', server.clock.now().getTime() + 60_000).startsAtMs;
  server.clock.advance(start - server.clock.now().getTime());
  const slot = periodAt('wingo-1', start);
  await tickLottery(server.ctx, events, start);
  const player = await quickPlayer(server, { cashPaise: 100_000n });
  await betOnEveryNumber(player.userId, slot.period);
  const balance = async () => (await server.call('/user/balance', {}, { token: player.token })).body.obj.balance as string;
  const afterBets = await balance();

  // Betting closes: the payouts are chosen, but nothing is posted and the period shows no result.
  await tickLottery(server.ctx, events, slot.bettingClosesAtMs);
  expect(await payoutsByPlayer([player.userId])).toEqual(new Map([[player.userId, []]]));
  expect(await balance()).toBe(afterBets);
  const fair = (await server.call('/fair/round', { game: 'wingo', room: 'wingo-1', period: slot.period })).body.obj;
  expect(fair).toMatchObject({ seed: null, result: null });
  await tickLottery(server.ctx, events, slot.endsAtMs - 1);
  expect(await payoutsByPlayer([player.userId])).toEqual(new Map([[player.userId, []]]));
  expect(results.filter((settled) => settled.period === slot.period)).toEqual([]);

  // The period ends: the chosen payouts are posted and the result is announced once.
  await tickLottery(server.ctx, events, slot.endsAtMs);
  await tickLottery(server.ctx, events, slot.endsAtMs + 1_000);
  const announced = results.filter((settled) => settled.period === slot.period);
  expect(announced).toHaveLength(1);
  const number = announced[0]!.result.number!;
  const winPaise = wingoPayoutPaise(String(number) as WingoSelection, number, STAKE_PAISE - 20n);
  expect(await payoutsByPlayer([player.userId])).toEqual(new Map([[player.userId, [winPaise]]]));
  expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
});

it('chooses the winners of a large round in parts of at most the wallet’s payout limit, and pays each once', async () => {
  // Ten minutes on: a period no tick above has opened.
  const start = periodAt('wingo-1', server.clock.now().getTime() + 600_000).startsAtMs;
  server.clock.advance(start - server.clock.now().getTime());
  const slot = periodAt('wingo-1', start);
  expect(await openRound(server.ctx, 'wingo-1', slot)).toBe(true);
  const players = await fundedPlayers(7);
  for (const player of players) await betOnEveryNumber(player.userId, slot.period);
  const roundId = await roundIdOf(slot.period);
  server.clock.advance(slot.endsAtMs - server.clock.now().getTime());
  await server.ctx.db.query("update lottery_rounds set state = 'closed' where id = $1", [roundId]);

  // Seven winners in parts of three: three parts, in user order, none repeated.
  const chosen = await chooseRoundPayouts(server.ctx, roundId, 3);
  expect(chosen.payouts.map((part) => part.count)).toEqual([3, 3, 1]);
  keepChosenPayouts(server.ctx.db, chosen);
  const settled = await settleRound(server.ctx, roundId, slot.endsAtMs);
  expect(settled!.winners).toBe(7);
  const number = settled!.result.number!;
  const winPaise = wingoPayoutPaise(String(number) as WingoSelection, number, STAKE_PAISE - 20n);
  for (const [userId, amounts] of await payoutsByPlayer(players.map((player) => player.userId)))
    expect(amounts, `player ${userId}`).toEqual([winPaise]);
  expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
});
