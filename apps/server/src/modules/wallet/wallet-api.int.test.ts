import { parseMoney } from '@mayur/rules/money';
import { describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { operator as operatorCommand } from '../../../test/payments.ts';
import type { CommandArgs } from '../operator-cli/operator-commands.ts';
import { CrashEvents } from '../games/crash/crash-events.ts';
import { tickCrash } from '../games/crash/crash-clock.ts';
import { LotteryEvents } from '../games/lottery/lottery-events.ts';
import { tickLottery } from '../games/lottery/lottery-clock.ts';
import { checkLedger } from './check-ledger.ts';
import { serverForFile } from '../../../test/test-server.ts';

const server = serverForFile({ LOTTERY_CHAIN_LENGTH: '100' });

const operator = (name: string, args: CommandArgs, actor = 'tester') => operatorCommand(server, name, args, actor);

/** A gift code the players can redeem: one that waits for a second approver (cash) gets one. */
async function newGift(args: CommandArgs) {
  const result = await operator('gift:create', args);
  expect(result.isOk).toBe(true);
  const code = result.lines.at(-1)!;
  if (result.lines.some((line) => line.includes('waits for a second')))
    expect((await operator('gift:approve', { code }, 'second-tester')).isOk).toBe(true);
  return code;
}

let keySequence = 0;
/** A fresh request key, as the web app makes one for each new submission. */
const newKey = () => `wallet-test-${process.pid}-${++keySequence}`;

const exchange = (token: string, bonus: string, requestKey: string = newKey()) =>
  server.call('/user/exchangeBonus', { bonus, requestKey }, { token });

async function wageringOf(token: string) {
  const reply = await server.call('/user/bonusWagering', {}, { token });
  expect(reply.body.res).toBe(1);
  return reply.body.obj;
}

/** What /user/bonusWagering answers, in rupees: the bonus, the bets it requires, those made and those left. */
const wagering = (bonus: string, required: string, wagered: string, remaining: string, isExchangeable: boolean) => ({
  bonus,
  required,
  wagered,
  remaining,
  isExchangeable,
});

async function redeemBonusGift(token: string, amount: string) {
  const code = await newGift({ amount, uses: '1' });
  const reply = await server.call('/cash/redeemGift', { code }, { token });
  expect(reply.body).toMatchObject({ res: 1, obj: { wallet: 'bonus' } });
  return reply.body.obj;
}

/** Every bonus exchange the player made, oldest first, from the ledger itself. */
async function exchangedPaise(userId: number) {
  const rows = await server.ctx.db.query<{ amount_paise: bigint }>(
    `select t.amount_paise from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
     where a.user_id = $1 and t.reason = 'bonus_exchange' order by t.id`,
    [userId],
  );
  return rows.map((row) => row.amount_paise);
}

const lotteryEvents = new LotteryEvents();
/** A Win Go 1-minute bet of contractMoney × contractCount (its 2 % fee included), in the period open now. */
async function betWingo(token: string, contractMoney: string, contractCount: number) {
  const nowMs = server.clock.now().getTime();
  // Betting closes 55 s into each minute: start from the next minute when the current one is closing.
  if (nowMs % 60_000 >= 50_000) server.clock.advance(60_000 - (nowMs % 60_000));
  await tickLottery(server.ctx, lotteryEvents, server.clock.now().getTime());
  const period = (await server.call('/wingo/getPeriod', { min: 60 })).body.obj.period;
  const reply = await server.call(
    '/wingo/pour',
    { min: 60, period, select: 'green', contractMoney, contractCount, agree: true, requestKey: newKey() },
    { token },
  );
  expect(reply.body.res).toBe(1);
}

const crashEvents = new CrashEvents();
/** Runs the limbo room until a round takes bets, and returns when it flies. */
async function limboRoundTakingBets() {
  const setNow = (ms: number) => server.clock.advance(ms - server.clock.now().getTime());
  for (let i = 0; i < 10; i++) {
    await tickCrash(server.ctx, crashEvents, server.clock.now().getTime());
    const [live] = await server.ctx.db.query<{ flying_at: Date; crash_at: Date; next_round_at: Date }>(
      "select flying_at, crash_at, next_round_at from crash_rounds where room = 'limbo' and state = 'live'",
    );
    if (live && live.flying_at.getTime() > server.clock.now().getTime()) return live;
    if (live) setNow(Math.max(live.crash_at.getTime(), server.clock.now().getTime()));
    await tickCrash(server.ctx, crashEvents, server.clock.now().getTime());
    const [last] = await server.ctx.db.query<{ next_round_at: Date }>(
      "select next_round_at from crash_rounds where room = 'limbo' and state = 'settled' order by id desc limit 1",
    );
    if (last) setNow(Math.max(last.next_round_at.getTime(), server.clock.now().getTime()));
  }
  throw new Error('no limbo round took bets');
}

describe('balances', () => {
  it('shows real balances in /user/balance and /user/findUserInfo', async () => {
    const player = await quickPlayer(server, { cashPaise: 150_075n, bonusPaise: 2_500n });
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj).toEqual({
      balance: '1500.75',
      bonus: '25.00',
    });
    expect((await server.call('/user/findUserInfo', {}, { token: player.token })).body.obj).toMatchObject({
      balance: '1500.75',
      bonus: '25.00',
    });
  });
});

describe('gift codes', () => {
  it('credits bonus or cash per code, once per player, with the spec message', async () => {
    const player = await quickPlayer(server);
    const bonusCode = await newGift({ amount: '50', uses: '10' });
    const cashCode = await newGift({ amount: '12.50', uses: '10', to: 'cash' });
    const redeemed = await server.call('/cash/redeemGift', { code: bonusCode.toLowerCase() }, { token: player.token });
    expect(redeemed.body).toMatchObject({ res: 1, obj: { amount: '50.00', wallet: 'bonus', bonus: '50.00', balance: '0.00' } });
    expect((await server.call('/cash/redeemGift', { code: cashCode }, { token: player.token })).body.obj).toMatchObject({
      wallet: 'cash',
      balance: '12.50',
    });
    const again = await server.call('/cash/redeemGift', { code: bonusCode }, { token: player.token });
    expect(again.body).toMatchObject({ res: 0, code: 'GIFT_ALREADY_REDEEMED' });
  });

  it('refuses unknown, expired and used-up codes and missing input', async () => {
    const [first, second] = [await quickPlayer(server), await quickPlayer(server)];
    const expiring = await newGift({
      amount: '5',
      uses: '5',
      expires: new Date(server.clock.now().getTime() + 60_000).toISOString(),
    });
    const single = await newGift({ amount: '5', uses: '1' });
    expect((await server.call('/cash/redeemGift', { code: 'NOSUCHCODE' }, { token: first.token })).body.code).toBe(
      'GIFT_NOT_FOUND',
    );
    expect((await server.call('/cash/redeemGift', {}, { token: first.token })).body).toMatchObject({
      code: 'GIFT_CODE_REQUIRED',
    });
    expect((await server.call('/cash/redeemGift', { code: single }, { token: first.token })).body.res).toBe(1);
    expect((await server.call('/cash/redeemGift', { code: single }, { token: second.token })).body.code).toBe('GIFT_USED_UP');
    server.clock.advance(60_001);
    expect((await server.call('/cash/redeemGift', { code: expiring }, { token: first.token })).body.code).toBe('GIFT_EXPIRED');
  });

  it('refuses bad operator input with a clear message and records every action', async () => {
    expect((await operator('gift:create', { amount: '0' })).lines[0]).toMatch(/must be a positive number/);
    expect((await operator('gift:create', { amount: '5', uses: '0' })).isOk).toBe(false);
    expect((await operator('gift:create', { amount: '5', to: 'wallet' })).lines[0]).toMatch(/--to must be bonus or cash/);
    expect((await operator('gift:create', { amount: '5', expires: 'tomorrow' })).lines[0]).toMatch(/not an ISO/);
    const audit = await server.ctx.db.query<{ actor: string; action: string; outcome: string }>(
      "select actor, action, outcome from admin_audit_log where action = 'gift:create' order by id desc limit 4",
    );
    expect(audit).toHaveLength(4);
    expect(audit.every((row) => row.actor === 'tester' && row.outcome.startsWith('refused'))).toBe(true);
    await expect(server.ctx.db.query('delete from admin_audit_log')).rejects.toThrow(/immutable/);
  });
});

describe('operator adjustments', () => {
  it('credits and debits by adjustment, never overdrawing', async () => {
    const player = await quickPlayer(server);
    expect((await operator('user:adjust', { user: String(player.userId), amount: '+100.50', reason: 'goodwill' })).isOk).toBe(
      true,
    );
    const overdraw = await operator('user:adjust', { user: String(player.userId), amount: '-100.51', reason: 'clawback' });
    expect(overdraw).toMatchObject({ isOk: false });
    expect(overdraw.lines[0]).toMatch(/INSUFFICIENT_BALANCE/);
    expect((await operator('user:adjust', { user: String(player.userId), amount: '-0.50', reason: 'clawback' })).isOk).toBe(true);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance).toBe('100.00');
    const shown = await operator('user:show', { user: String(player.userId) });
    expect(shown.lines[1]).toBe('cash ₹100.00, bonus ₹0.00');
    expect(shown.lines.some((line) => line.includes('-0.50 → 100.00 adjustment'))).toBe(true);
    expect((await operator('user:adjust', { user: 'nobody@example.com', amount: '1', reason: 'x' })).lines[0]).toMatch(
      /no player found/,
    );
    const reads = await server.ctx.db.query<{ actor: string; details: { user: string } }>(
      "select actor, details from admin_audit_log where action = 'user:show'",
    );
    expect(reads.map((row) => [row.actor, row.details.user])).toContainEqual(['tester', String(player.userId)]);
  });
});

describe('bonus exchange', () => {
  it('moves bonus to cash and refuses more than the bonus or no amount', async () => {
    const player = await quickPlayer(server, { bonusPaise: 5_000n });
    const moved = await exchange(player.token, '20.5');
    expect(moved.body.obj).toEqual({ amount: '20.50', balance: '20.50', bonus: '29.50' });
    expect((await exchange(player.token, '29.51')).body).toMatchObject({
      code: 'INSUFFICIENT_BONUS',
      resMsg: 'Your bonus is insufficient',
    });
    expect((await server.call('/user/exchangeBonus', { requestKey: newKey() }, { token: player.token })).body).toMatchObject({
      code: 'BONUS_REQUIRED',
      resMsg: 'Please input bonus',
    });
    for (const bad of ['0', '-5', '1.234', 'abc', '1e5']) {
      expect((await exchange(player.token, bad)).body.code).toBe('AMOUNT_INVALID');
    }
  });

  it('refuses an exchange without a request key and moves nothing, so no retry can move money twice', async () => {
    const player = await quickPlayer(server, { bonusPaise: 5_000n });
    for (const body of [{ bonus: '10' }, { bonus: '10', requestKey: '' }, { bonus: '10', requestKey: 'short' }]) {
      expect((await server.call('/user/exchangeBonus', body, { token: player.token })).body).toMatchObject({
        res: 0,
        code: 'REQUEST_KEY_REQUIRED',
      });
    }
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj).toEqual({
      balance: '0.00',
      bonus: '50.00',
    });
  });

  it('answers a retried exchange with its first result, even after a new gift raised the requirement', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n, bonusPaise: 5_000n });
    const requestKey = newKey();
    expect((await exchange(player.token, '10', requestKey)).body.obj).toEqual({
      amount: '10.00',
      balance: '1010.00',
      bonus: '40.00',
    });
    await redeemBonusGift(player.token, '25');
    expect((await exchange(player.token, '20')).body.code).toBe('BONUS_WAGERING_INCOMPLETE');
    const retried = await exchange(player.token, '10', requestKey);
    expect(retried.body).toMatchObject({ res: 1, obj: { amount: '10.00', balance: '1010.00', bonus: '65.00' } });
    expect(await exchangedPaise(player.userId)).toEqual([1_000n]);
    expect((await exchange(player.token, '11', requestKey)).body.code).toBe('IDEMPOTENCY_CONFLICT');
  });
});

describe('bonus wagering', () => {
  it('keeps a gift of bonus from cash until bets of 1× the gift, placed after it, are made', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    // Bets placed before the gift do not count towards it.
    await betWingo(player.token, '10', 10);
    expect(await wageringOf(player.token)).toEqual(wagering('0.00', '0.00', '0.00', '0.00', true));
    await redeemBonusGift(player.token, '50');
    expect(await wageringOf(player.token)).toEqual(wagering('50.00', '50.00', '0.00', '50.00', false));
    expect((await exchange(player.token, '50')).body).toMatchObject({
      res: 0,
      code: 'BONUS_WAGERING_INCOMPLETE',
      resMsg: 'Bet more to unlock your bonus',
    });

    await betWingo(player.token, '10', 3);
    expect(await wageringOf(player.token)).toMatchObject({
      required: '50.00',
      wagered: '30.00',
      remaining: '20.00',
      isExchangeable: false,
    });
    expect((await exchange(player.token, '1')).body.code).toBe('BONUS_WAGERING_INCOMPLETE');
    await betWingo(player.token, '2', 9);
    expect(await wageringOf(player.token)).toMatchObject({ wagered: '48.00', remaining: '2.00', isExchangeable: false });
    expect((await exchange(player.token, '1')).body.code).toBe('BONUS_WAGERING_INCOMPLETE');
    await betWingo(player.token, '2', 1);
    expect(await wageringOf(player.token)).toEqual(wagering('50.00', '50.00', '50.00', '0.00', true));
    const cashBefore = parseMoney((await server.call('/user/balance', {}, { token: player.token })).body.obj.balance)!;
    const exchanged = await exchange(player.token, '50');
    expect(exchanged.body).toMatchObject({ res: 1, obj: { amount: '50.00', bonus: '0.00' } });
    expect(parseMoney(exchanged.body.obj.balance)).toBe(cashBefore + 5_000n);

    // A second gift starts a new requirement, measured from the bets made so far.
    await redeemBonusGift(player.token, '5');
    expect(await wageringOf(player.token)).toEqual(wagering('5.00', '5.00', '0.00', '5.00', false));
  });

  it('counts neither refunded stakes nor stakes that can still come back', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    await redeemBonusGift(player.token, '20');
    await limboRoundTakingBets();
    const bet = await server.call(
      '/gameroket/pour',
      { room: 'limbo', amount: '20', slot: 1, requestKey: newKey() },
      { token: player.token },
    );
    expect(bet.body.obj.bet.status).toBe('open');
    // An open crash bet can still be cancelled or refunded, so it does not count yet.
    expect(await wageringOf(player.token)).toMatchObject({ wagered: '0.00', remaining: '20.00' });
    expect((await exchange(player.token, '20')).body.code).toBe('BONUS_WAGERING_INCOMPLETE');
    const cancelled = await server.call('/gameroket/cancel', { betId: bet.body.obj.bet.id }, { token: player.token });
    expect(cancelled.body.obj.bet.status).toBe('cancelled');
    expect(await wageringOf(player.token)).toMatchObject({ wagered: '0.00', remaining: '20.00' });
    expect((await exchange(player.token, '20')).body.code).toBe('BONUS_WAGERING_INCOMPLETE');
    await betWingo(player.token, '20', 1);
    expect(await wageringOf(player.token)).toMatchObject({ wagered: '20.00', remaining: '0.00', isExchangeable: true });
    expect((await exchange(player.token, '20')).body.res).toBe(1);
  });

  it('moves a bonus at most once when 20 exchanges of all of it race, and never lets a racing gift out unwagered', async () => {
    const player = await quickPlayer(server, { cashPaise: 100_000n });
    await redeemBonusGift(player.token, '30');
    await betWingo(player.token, '10', 3);
    const replies = await Promise.all(Array.from({ length: 20 }, () => exchange(player.token, '30')));
    expect(replies.filter((reply) => reply.body.res === 1)).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === 'INSUFFICIENT_BONUS')).toHaveLength(19);

    const sameKey = newKey();
    await redeemBonusGift(player.token, '40');
    await betWingo(player.token, '10', 4);
    const retries = await Promise.all(Array.from({ length: 20 }, () => exchange(player.token, '40', sameKey)));
    expect(retries.every((reply) => reply.body.res === 1)).toBe(true);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.bonus).toBe('0.00');
    expect(await exchangedPaise(player.userId)).toEqual([3_000n, 4_000n]);

    // A gift redeemed while an exchange of everything runs: the new bonus never leaves unwagered.
    const code = await newGift({ amount: '60', uses: '1' });
    const [gift, escaped] = await Promise.all([
      server.call('/cash/redeemGift', { code }, { token: player.token }),
      exchange(player.token, '60'),
    ]);
    expect(gift.body.res).toBe(1);
    expect(['INSUFFICIENT_BONUS', 'BONUS_WAGERING_INCOMPLETE']).toContain(escaped.body.code);
    expect((await server.call('/user/balance', {}, { token: player.token })).body.obj.bonus).toBe('60.00');
    expect(await exchangedPaise(player.userId)).toEqual([3_000n, 4_000n]);
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
  });
});

describe('transactions list', () => {
  it("lists only the player's own movements, newest first, paged and filtered by type", async () => {
    const player = await quickPlayer(server, { bonusPaise: 10_000n });
    const other = await quickPlayer(server, { cashPaise: 999n });
    const gift = await newGift({ amount: '7', uses: '5', to: 'cash' });
    await server.call('/cash/redeemGift', { code: gift }, { token: player.token });
    await exchange(player.token, '10');

    const all = (await server.call('/cash/findMoneyTranceList', { pageNum: 1, pageSize: 10 }, { token: player.token })).body.obj;
    expect(all.total).toBe(4);
    expect(all.list.map((row: any) => [row.type, row.wallet, row.amount, row.balanceAfter])).toEqual([
      ['bonus_exchange', 'bonus', '-10.00', '90.00'],
      ['bonus_exchange', 'cash', '+10.00', '17.00'],
      ['gift', 'cash', '+7.00', '7.00'],
      ['adjustment', 'bonus', '+100.00', '100.00'],
    ]);
    const page2 = (await server.call('/cash/findMoneyTranceList', { pageNum: 2, pageSize: 3 }, { token: player.token })).body.obj;
    expect(page2.list).toHaveLength(1);
    const gifts = (await server.call('/cash/findMoneyTranceList', { type: 'gift' }, { token: player.token })).body.obj;
    expect(gifts.list.map((row: any) => row.reference)).toEqual([`gift:${gift}`]);
    expect((await server.call('/cash/findMoneyTranceList', { type: 'lottery' }, { token: player.token })).body.code).toBe(
      'INVALID_FIELD',
    );
    const others = (await server.call('/cash/findMoneyTranceList', {}, { token: other.token })).body.obj;
    expect(others.list.map((row: any) => row.amount)).toEqual(['+9.99']);
  });
});
