import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashOf, expectLedgerBalanced, operator, payingPlayer, postCallback } from '../../../../test/payments.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { expireStaleOrders } from './watch-usdt-deposits.ts';

// A payment that arrives when it may no longer be credited (decision 0022, "Late credits"): an order
// that failed or expired, so that its amount no longer counted in the player's deposit limit, paid
// late by the gateway or confirmed by an operator; or any payment during a time-out or self-exclusion.
// The money is held — out of the player's cash, in the deposit holds — and shown to the player, until
// an operator returns it. Nothing is credited past a limit, and nothing is lost.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.advance(Date.now() - server.clock.now().getTime());
});
afterAll(async () => server.stop());
afterEach(async () => {
  await expectLedgerBalanced(server);
});

type Player = Awaited<ReturnType<typeof payingPlayer>>;

async function setDailyDepositLimit(player: Player, amount: string) {
  const reply = await server.call('/protection/setLimit', { kind: 'deposit', period: 'day', amount }, { token: player.token });
  expect(reply.body.res).toBe(1);
}

async function openOrder(player: Player, amount: string): Promise<string> {
  const reply = await server.call('/cash/payNew', { amount, method: 'upi' }, { token: player.token });
  expect(reply.body).toMatchObject({ res: 1 });
  return reply.body.obj.orderNo;
}

/** The sandbox gateway's signed callback for an order, as a late or repeated message would come. */
function gatewaySays(orderNo: string, status: 'paid' | 'failed', amount: string, eventId: string) {
  return postCallback(server, 'sandbox', server.ctx.config.payments.sandboxSecret, {
    eventId,
    type: 'deposit',
    orderNo,
    status,
    amount,
    currency: 'INR',
  });
}

async function record(player: Player, orderNo: string) {
  const list = await server.call('/cash/findRechargeList', { pageNum: 1, pageSize: 100 }, { token: player.token });
  return list.body.obj.list.find((item: { orderNo: string }) => item.orderNo === orderNo);
}

async function houseBalance(purpose: string): Promise<bigint> {
  const [row] = await server.ctx.db.query<{ balance_paise: bigint }>(
    'select coalesce(sum(balance_paise), 0)::bigint as balance_paise from ledger_accounts where purpose = $1',
    [purpose],
  );
  return row!.balance_paise;
}

describe('a payment that arrives when it may not be credited', () => {
  it('holds a failed order paid late past the daily deposit limit, shows it, and returns it through the operator once', async () => {
    const player = await payingPlayer(server);
    await setDailyDepositLimit(player, '1000');
    const failed = await openOrder(player, '1000');
    expect((await gatewaySays(failed, 'failed', '1000.00', `fail-${failed}`)).body.outcome).toBe('marked_failed');
    // The failed order no longer counts: a second order of ₹1,000 is accepted and paid.
    const paid = await openOrder(player, '1000');
    expect((await gatewaySays(paid, 'paid', '1000.00', `pay-${paid}`)).body.outcome).toBe('credited');
    const holdsBefore = await houseBalance('deposit-holds');

    const late = await gatewaySays(failed, 'paid', '1000.00', `late-${failed}`);
    expect(await cashOf(server, player.userId)).toBe(100_000n);
    expect(late.body).toEqual({ ok: true, outcome: 'held' });
    expect(await houseBalance('deposit-holds')).toBe(holdsBefore + 100_000n);
    expect(await record(player, failed)).toMatchObject({ status: 'HELD', heldReason: 'deposit_limit', amount: '1000.00' });
    expect(await record(player, paid)).toMatchObject({ status: 'COMPLETED', heldReason: null });
    const state = (await server.call('/protection/state', {}, { token: player.token })).body.obj;
    expect(
      state.limits.find((limit: { kind: string; period: string }) => limit.kind === 'deposit' && limit.period === 'day').used,
    ).toBe('1000.00');

    // Another message for the held order moves nothing.
    expect((await gatewaySays(failed, 'paid', '1000.00', `again-${failed}`)).body.outcome).toBe('already_held');
    expect(await cashOf(server, player.userId)).toBe(100_000n);
    const listed = await operator(server, 'deposit:list', { status: 'FAIL' });
    expect(listed.lines.join('\n')).toContain(`${failed}`);
    expect(listed.lines.join('\n')).toMatch(/paid but held, not credited: over the day deposit limit of ₹1000\.00/);

    const returned = await operator(server, 'deposit:return', { order: failed });
    expect(returned).toEqual({
      isOk: true,
      lines: [`order ${failed}: ₹1000.00 returned to player ${player.userId}, out of the deposit holds`],
    });
    expect(await houseBalance('deposit-holds')).toBe(holdsBefore);
    expect(await record(player, failed)).toMatchObject({ status: 'RETURNED', heldReason: 'deposit_limit' });
    expect((await operator(server, 'deposit:return', { order: failed })).isOk).toBe(false);
    expect((await operator(server, 'deposit:return', { order: paid })).isOk).toBe(false);
    expect(await cashOf(server, player.userId)).toBe(100_000n);
  });

  it('credits a late payment that still fits the limit', async () => {
    const player = await payingPlayer(server);
    await setDailyDepositLimit(player, '1000');
    const orderNo = await openOrder(player, '400');
    await gatewaySays(orderNo, 'failed', '400.00', `fail-${orderNo}`);
    expect((await gatewaySays(orderNo, 'paid', '400.00', `late-${orderNo}`)).body.outcome).toBe('credited');
    expect(await cashOf(server, player.userId)).toBe(40_000n);
    expect(await record(player, orderNo)).toMatchObject({ status: 'COMPLETED', heldReason: null });
  });

  it('holds an expired USDT order that an operator confirms past the limit', async () => {
    const player = await payingPlayer(server);
    await setDailyDepositLimit(player, '1000');
    const usdt = await server.call('/cash/usdtAddressPay', { payType: 40001, amount: '10.00' }, { token: player.token });
    expect(usdt.body.obj.amount).toBe('920.00');
    expect(await expireStaleOrders(server.ctx.db, Date.now() + 3 * 86_400_000)).toBeGreaterThanOrEqual(1);
    const bank = await openOrder(player, '500');
    await gatewaySays(bank, 'paid', '500.00', `pay-${bank}`);

    const confirmed = await operator(server, 'deposit:confirm', { order: usdt.body.obj.orderNo });
    expect(await cashOf(server, player.userId)).toBe(50_000n);
    expect(confirmed.lines[0]).toMatch(/confirmed but held, not credited/);
    expect(await record(player, usdt.body.obj.orderNo)).toMatchObject({ status: 'HELD', heldReason: 'deposit_limit' });
  });

  it('holds a payment that arrives during a self-exclusion, whatever the limits', async () => {
    const player = await payingPlayer(server);
    const orderNo = await openOrder(player, '300');
    const excluded = await server.call('/protection/startExclusion', { duration: '6m' }, { token: player.token });
    expect(excluded.body.res).toBe(1);
    expect((await gatewaySays(orderNo, 'paid', '300.00', `pay-${orderNo}`)).body.outcome).toBe('held');
    expect(await cashOf(server, player.userId)).toBe(0n);
    expect(await record(player, orderNo)).toMatchObject({ status: 'HELD', heldReason: 'self_exclusion' });
  });
});
