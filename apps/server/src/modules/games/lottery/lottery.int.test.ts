import { bitgamePayoutPaise, periodAt, wingoFeePaise, wingoPayoutPaise, WINGO_SELECTIONS } from '@mayur/rules/lottery-rooms';
import { formatMoney, parseMoney } from '@mayur/rules/money';
import { bitgameDigits, bitgameSum, isSeedInChain, roundDigest, wingoNumber } from '@mayur/fairness';
import { describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../../test/players.ts';
import { bitgamePlayersBettingBothSizes } from '../../../../test/games-lottery.ts';
import { startTestServer, serverForEachTest } from '../../../../test/test-server.ts';
import { houseShardPurpose } from '../../wallet/accounts.ts';
import { checkLedger } from '../../wallet/check-ledger.ts';
import { LotteryEvents } from './lottery-events.ts';
import { tickLottery } from './lottery-clock.ts';
import { settleRound } from './settle-round.ts';

// Full lottery rounds through the HTTP API on a real database, the game clock driven by hand.

const events = new LotteryEvents();
// 12:00:00 UTC is a minute boundary in Kolkata too (17:30 IST).
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const server = serverForEachTest({ LOTTERY_CHAIN_LENGTH: '50' }, T0);

const tick = () => tickLottery(server.ctx, events, server.clock.now().getTime());

async function fairRound(room: string, period: string, game = 'wingo') {
  return (await server.call('/fair/round', { game, room, period })).body.obj;
}

describe('a Win Go round', () => {
  it('takes bets until the close, refuses after, settles every selection by the rules, once', async () => {
    const player = await quickPlayer(server, { cashPaise: 1_000_000n });
    await tick();
    const state = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    expect(state).toMatchObject({
      room: 'wingo-1',
      state: 'betting',
      startsAtMs: T0,
      bettingClosesAtMs: T0 + 55_000,
      endsAtMs: T0 + 60_000,
      serverTimeMs: T0,
    });
    expect(state.period).toBe(periodAt('wingo-1', T0).period);

    const bets = new Map<string, string>();
    for (const select of WINGO_SELECTIONS) {
      const reply = await server.call(
        '/wingo/pour',
        { min: 60, period: state.period, select, contractMoney: '10', contractCount: 1, agree: true },
        { token: player.token },
      );
      expect(reply.body.res, select).toBe(1);
      bets.set(reply.body.obj.bet.id, select);
    }
    const before = await fairRound('wingo-1', state.period);
    expect(before.seed).toBeNull();
    expect(before.result).toBeNull();

    server.clock.advance(55_000 - 1);
    const atEdge = await server.call(
      '/wingo/pour',
      { min: 60, period: state.period, select: 'red', contractMoney: '2', contractCount: 3, agree: 'true' },
      { token: player.token },
    );
    expect(atEdge.body.res).toBe(1);
    bets.set(atEdge.body.obj.bet.id, 'red');
    server.clock.advance(1);
    const late = await server.call(
      '/wingo/pour',
      { min: 60, period: state.period, select: 'red', contractMoney: '2', contractCount: 1, agree: true },
      { token: player.token },
    );
    expect(late.body).toMatchObject({ res: 0, code: 'BETTING_CLOSED' });
    await tick();
    expect((await server.call('/wingo/getPeriod', { min: 60 })).body.obj.state).toBe('closed');

    server.clock.advance(5_000);
    await tick();
    await tick();
    const revealed = await fairRound('wingo-1', state.period);
    const chain = (await server.call('/fair/chain', { game: 'wingo', room: 'wingo-1' })).body.obj;
    expect(isSeedInChain(revealed.seed, revealed.chainIndex, chain.commitment)).toBe(true);
    const number = wingoNumber(roundDigest(revealed.seed, chain.salt));
    expect(revealed.result.number).toBe(number);

    const log = (await server.call('/wingo/findUserLogByPage', { min: 60, pageSize: 50 }, { token: player.token })).body.obj;
    expect(log.total).toBe(14);
    let expectedCashPaise = 1_000_000n;
    for (const bet of log.list) {
      const stake = parseMoney(bet.amount)!;
      const expectedWin = wingoPayoutPaise(bets.get(bet.id) as never, number, stake - wingoFeePaise(stake));
      expect(parseMoney(bet.winAmount), `${bet.select} on ${number}`).toBe(expectedWin);
      expect(bet.status).toBe(expectedWin > 0n ? 'won' : 'lost');
      expect(bet.result.number).toBe(number);
      expectedCashPaise += expectedWin - stake;
    }
    expect(parseMoney((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance)).toBe(
      expectedCashPaise,
    );
    const gameLog = (await server.call('/wingo/findGameLogByPage', { min: 60 })).body.obj;
    expect(gameLog.list[0]).toMatchObject({ period: state.period, result: { number } });
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);

    const payouts = await server.ctx.db.query("select count(*)::int as n from ledger_transfers where reason = 'payout'");
    await tick();
    expect(await server.ctx.db.query("select count(*)::int as n from ledger_transfers where reason = 'payout'")).toEqual(payouts);
  });

  it('refuses bad bets with the spec messages and moves no money', async () => {
    const player = await quickPlayer(server, { cashPaise: 500n });
    await tick();
    const { period } = (await server.call('/wingo/getPeriod', { min: 180 })).body.obj;
    const pour = (body: Record<string, unknown>) =>
      server.call(
        '/wingo/pour',
        { min: 180, period, select: 'green', contractMoney: '1.10', contractCount: 1, agree: true, ...body },
        { token: player.token },
      );
    expect((await pour({ agree: false })).body).toMatchObject({
      code: 'PRESALE_RULE_REQUIRED',
      resMsg: 'Please agree to the presale rule',
    });
    expect((await pour({ contractMoney: '1.09' })).body).toMatchObject({
      code: 'BET_TOO_SMALL',
      resMsg: 'The min bet amount is 1.1',
    });
    expect((await pour({ contractMoney: '1' })).body.code).toBe('BET_TOO_SMALL');
    expect((await pour({ contractMoney: '0' })).body.code).toBe('AMOUNT_INVALID');
    expect((await pour({ contractMoney: '100000', contractCount: 2 })).body.code).toBe('BET_TOO_LARGE');
    expect((await pour({ select: 'blue' })).body.code).toBe('SELECTION_INVALID');
    expect((await pour({ period: '20000101030001' })).body.code).toBe('PERIOD_UNKNOWN');
    expect((await pour({ contractCount: 5 })).body).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      resMsg: 'Insufficient balance',
    });
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance).toBe('5.00');
    expect(await server.ctx.db.query('select 1 from lottery_bets')).toEqual([]);
    expect(
      (await server.call('/wingo/pour', { min: 180, period, select: 'green', contractMoney: '2', contractCount: 1, agree: true }))
        .status,
    ).toBe(401);
  });
});

describe('retried bet requests', () => {
  it('places one bet for many parallel requests with the same key, and refuses the key for another bet', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    await tick();
    const { period } = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    const body = {
      min: 60,
      period,
      select: 'red',
      contractMoney: '5',
      contractCount: 2,
      agree: true,
      requestKey: 'retry-0123456789',
    };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => server.call('/wingo/pour', body, { token: player.token })),
    );
    expect(replies.every((reply) => reply.body.res === 1)).toBe(true);
    expect(new Set(replies.map((reply) => reply.body.obj.bet.id)).size).toBe(1);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance).toBe('90.00');
    const other = await server.call('/wingo/pour', { ...body, select: 'green' }, { token: player.token });
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
    // After the close, the same retry still answers with the bet it placed.
    server.clock.advance(56_000);
    const late = await server.call('/wingo/pour', body, { token: player.token });
    expect(late.body.obj.bet.id).toBe(replies[0]!.body.obj.bet.id);
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });
});

describe('Win Go PK and Bit Game', () => {
  it('settles a PK room and a Bit Game round from their own chains', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    await tick();
    const pk = (await server.call('/lottery/getPeriod', { room: 'sapre' })).body.obj;
    const bit = (await server.call('/bitgame/getPeriod', { gameType: 121, gameId: 6, gameName: 'BTC' })).body.obj;
    expect(
      (
        await server.call(
          '/lottery/pour',
          { room: 'sapre', period: pk.period, select: 'violet', contractMoney: 5, contractCount: 2, agree: 1 },
          { token: player.token },
        )
      ).body.res,
    ).toBe(1);
    const bitBet = await server.call(
      '/bitgame/pour',
      { period: bit.period, select: 'big', amount: '20.00' },
      { token: player.token },
    );
    expect(bitBet.body.obj.bet).toMatchObject({ amount: '20.00', fee: '0.00', delivery: '20.00' });

    server.clock.advance(180_000);
    await tick();
    const bitRound = await fairRound('bitgame', bit.period, 'bitgame');
    const bitChain = (await server.call('/fair/chain', { game: 'bitgame', room: 'bitgame' })).body.obj;
    const digits = bitgameDigits(roundDigest(bitRound.seed, bitChain.salt));
    expect(bitRound.result).toMatchObject({ digits, sum: bitgameSum(digits) });
    const bitLog = (await server.call('/bitgame/findUserLogByPage', {}, { token: player.token })).body.obj.list[0];
    expect(parseMoney(bitLog.winAmount)).toBe(bitgamePayoutPaise('big', bitgameSum(digits), 2_000n));

    const pkRound = await fairRound('sapre', pk.period);
    expect(pkRound.seed).toMatch(/^[0-9a-f]{64}$/);
    const pkChain = (await server.call('/fair/chain', { game: 'wingo', room: 'sapre' })).body.obj;
    expect(pkChain.commitment).not.toBe(bitChain.commitment);
    const pkLog = (await server.call('/lottery/findUserLogByPage', { room: 'sapre' }, { token: player.token })).body.obj.list[0];
    expect(parseMoney(pkLog.winAmount)).toBe(wingoPayoutPaise('violet', pkRound.result.number, 980n));
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('starts a new committed chain when the old one is used up', async () => {
    for (let i = 0; i < 52; i++) {
      await tick();
      server.clock.advance(60_000);
    }
    const chains = await server.ctx.db.query<{ room: string; n: number }>(
      "select room, count(*)::int as n from fair_chains where room = 'wingo-1' group by room",
    );
    expect(chains[0]!.n).toBe(2);
    const rounds = await server.ctx.db.query<{ n: number }>(
      "select count(distinct (chain_id, chain_index))::int as n from lottery_rounds where room = 'wingo-1'",
    );
    const total = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from lottery_rounds where room = 'wingo-1'",
    );
    expect(rounds[0]!.n).toBe(total[0]!.n);
  });
});

describe('a restart between close and settlement', () => {
  it('settles the open round late, exactly once, on the next server', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    await tick();
    const { period } = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    await server.call(
      '/wingo/pour',
      { min: 60, period, select: '7', contractMoney: '50', contractCount: 1, agree: true },
      { token: player.token },
    );
    server.clock.advance(56_000);
    await tick();
    const db = server.ctx.db;
    await server.close();

    // The next process on the same database, ten minutes later.
    const next = await startTestServer({ LOTTERY_CHAIN_LENGTH: '50' }, { db });
    try {
      next.clock.advance(T0 + 600_000 - next.clock.now().getTime());
      await Promise.all([tickLottery(next.ctx, events, T0 + 600_000), tickLottery(next.ctx, events, T0 + 600_000)]);
      const [round] = await db.query<{ state: string; result_number: number }>(
        'select state, result_number from lottery_rounds where period = $1',
        [period],
      );
      expect(round!.state).toBe('settled');
      const payouts = await db.query<{ n: number }>("select count(*)::int as n from ledger_transfers where reason = 'payout'");
      expect(payouts[0]!.n).toBe(round!.result_number === 7 ? 1 : 0);
      const bet = (await next.call('/wingo/findUserLogByPage', { min: 60 }, { token: player.token })).body.obj.list[0];
      expect(bet.status).toBe(round!.result_number === 7 ? 'won' : 'lost');
      expect((await checkLedger(db)).violations).toEqual([]);
    } finally {
      await next.stop();
    }
  });
});

describe('settlement pays by the rules, every winner or none', () => {
  async function roundOf(room: string, period: string) {
    const [round] = await server.ctx.db.query<{
      id: bigint;
      state: string;
      result_number: number | null;
      result_digits: number[] | null;
    }>('select id, state, result_number, result_digits from lottery_rounds where room = $1 and period = $2', [room, period]);
    return round!;
  }
  const payoutsOf = (userId: number) =>
    server.ctx.db.query<{ amount_paise: bigint }>(
      `select t.amount_paise from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
       where t.reason = 'payout' and a.user_id = $1 and a.kind = 'cash'`,
      [userId],
    );

  it('pays Bit Game winners exactly what bitgamePayoutPaise says, for odd stakes', async () => {
    await tick();
    const { period } = (await server.call('/bitgame/getPeriod', {})).body.obj;
    const stakes = ['1.11', '1.13', '2.37', '3.99', '13.57', '100.01', '777.77', '1234.53'];
    const players = await bitgamePlayersBettingBothSizes(server, period, stakes);
    server.clock.advance(60_000);
    await tick();
    const round = await roundOf('bitgame', period);
    expect(round.state).toBe('settled');
    const sum = bitgameSum(round.result_digits!);
    const winning = sum <= 13 ? 'small' : 'big';
    for (const { player, stakePaise } of players) {
      const expected = bitgamePayoutPaise(winning, sum, stakePaise);
      expect(expected).toBe((stakePaise * 195n) / 100n);
      expect(await payoutsOf(player.userId), formatMoney(stakePaise)).toEqual([{ amount_paise: expected }]);
      const shown = (await server.call('/bitgame/findUserLogByPage', {}, { token: player.token })).body.obj.list;
      expect(shown.map((bet: { winAmount: string }) => parseMoney(bet.winAmount)).sort()).toEqual([0n, expected].sort());
    }
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });

  it('throws and pays nobody when a winner’s room account shard is missing, then settles once it is back', async () => {
    const players = [await quickPlayer(server, { cashPaise: 100_000n }), await quickPlayer(server, { cashPaise: 100_000n })];
    expect(houseShardPurpose('room:wingo-1', players[0]!.userId)).not.toBe(houseShardPurpose('room:wingo-1', players[1]!.userId));
    await tick();
    const { period } = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj;
    const bitPeriod = (await server.call('/bitgame/getPeriod', {})).body.obj.period as string;
    for (const player of players)
      for (let number = 0; number <= 9; number++) {
        const bet = { min: 60, period, select: String(number), contractMoney: '10', contractCount: 1, agree: true };
        expect((await server.call('/wingo/pour', bet, { token: player.token })).body.res).toBe(1);
      }
    // The first player's shard of the room disappears: renamed, since ledger rows cannot be deleted, and
    // with triggers off for the rename, since the database freezes an account's purpose.
    const shard = houseShardPurpose('room:wingo-1', players[0]!.userId);
    const renameShard = (from: string, to: string) =>
      server.ctx.db.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await tx.query('update ledger_accounts set purpose = $2 where purpose = $1', [from, to]);
      });
    await renameShard(shard, `${shard}-moved`);
    server.clock.advance(60_000);
    const round = await roundOf('wingo-1', period);
    await expect(settleRound(server.ctx, round.id, server.clock.now().getTime())).rejects.toThrow(`no house account ${shard}`);
    expect((await roundOf('wingo-1', period)).state).not.toBe('settled');
    for (const player of players) expect(await payoutsOf(player.userId)).toEqual([]);
    // The clock goes on settling the other rooms and retries this round on every step.
    await tick();
    expect((await roundOf('wingo-1', period)).state).not.toBe('settled');
    expect((await roundOf('bitgame', bitPeriod)).state).toBe('settled');

    await renameShard(`${shard}-moved`, shard);
    await tick();
    const settled = await roundOf('wingo-1', period);
    expect(settled.state).toBe('settled');
    const expected = wingoPayoutPaise(String(settled.result_number) as never, settled.result_number!, 980n);
    for (const player of players) expect(await payoutsOf(player.userId)).toEqual([{ amount_paise: expected }]);
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });
});
