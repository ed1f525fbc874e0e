import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { runOperatorCommand, type CommandArgs } from '../admin/operator-commands.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const operator = (name: string, args: CommandArgs) =>
  runOperatorCommand(
    { db: server.ctx.db, clock: server.ctx.clock, log: server.ctx.log, gateway: server.ctx.gateway, actor: 'tester' },
    name,
    args,
  );

async function newGift(args: CommandArgs) {
  const result = await operator('gift:create', args);
  expect(result.isOk).toBe(true);
  return result.lines.at(-1)!;
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
    const moved = await server.call('/user/exchangeBonus', { bonus: '20.5' }, { token: player.token });
    expect(moved.body.obj).toEqual({ amount: '20.50', balance: '20.50', bonus: '29.50' });
    expect((await server.call('/user/exchangeBonus', { bonus: '29.51' }, { token: player.token })).body).toMatchObject({
      code: 'INSUFFICIENT_BONUS',
      resMsg: 'Your bonus is insufficient',
    });
    expect((await server.call('/user/exchangeBonus', {}, { token: player.token })).body).toMatchObject({
      code: 'BONUS_REQUIRED',
      resMsg: 'Please input bonus',
    });
    for (const bad of ['0', '-5', '1.234', 'abc', '1e5']) {
      expect((await server.call('/user/exchangeBonus', { bonus: bad }, { token: player.token })).body.code).toBe(
        'AMOUNT_INVALID',
      );
    }
  });
});

describe('transactions list', () => {
  it("lists only the player's own movements, newest first, paged and filtered by type", async () => {
    const player = await quickPlayer(server, { bonusPaise: 10_000n });
    const other = await quickPlayer(server, { cashPaise: 999n });
    const gift = await newGift({ amount: '7', uses: '5', to: 'cash' });
    await server.call('/cash/redeemGift', { code: gift }, { token: player.token });
    await server.call('/user/exchangeBonus', { bonus: '10' }, { token: player.token });

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
