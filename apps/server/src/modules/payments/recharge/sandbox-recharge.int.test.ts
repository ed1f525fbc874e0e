import { describe, expect, it } from 'vitest';
import { cashOf, payingPlayer, pressSandboxPage, serverCheckingLedger } from '../../../../test/payments.ts';

// The default gateway end to end over HTTP: order → sandbox page → Pay or Fail → signed callback →
// credit and record. The page's link carries a token, so nobody can pay someone else's order.

const server = serverCheckingLedger();

async function openOrder(token: string, amount = '300', extra: Record<string, unknown> = {}) {
  const reply = await server.call('/cash/payNew', { amount, method: 'upi', ...extra }, { token });
  expect(reply.body.res).toBe(1);
  return reply.body.obj as { orderNo: string; amount: string; payUrl: string };
}

const pressOnPage = (payUrl: string, action: 'pay' | 'fail', tokenOverride?: string) =>
  pressSandboxPage(server, payUrl, action, tokenOverride);

describe('recharge info', () => {
  it('offers UPI and bank with the minimum of 100 and quick amounts', async () => {
    const player = await payingPlayer(server);
    const reply = await server.call('/cash/findRechargeInfo', {}, { token: player.token });
    expect(reply.body.obj).toMatchObject({ provider: 'sandbox', minAmount: '100.00', isUsdtAvailable: true });
    expect(reply.body.obj.methods.map((method: { method: string }) => method.method)).toEqual(['upi', 'bank']);
    expect(reply.body.obj.quickAmounts[0]).toBe('100.00');
  });

  it('refuses amounts outside the limits with "check recharge money"', async () => {
    const player = await payingPlayer(server);
    for (const amount of ['99.99', '50000.01']) {
      const reply = await server.call('/cash/payNew', { amount, method: 'upi' }, { token: player.token });
      expect(reply.body).toMatchObject({ res: 0, code: 'RECHARGE_AMOUNT_INVALID', resMsg: 'check recharge money' });
    }
    const method = await server.call('/cash/payNew', { amount: '100', method: 'cheque' }, { token: player.token });
    expect(method.body.code).toBe('RECHARGE_METHOD_INVALID');
    const orders = await server.ctx.db.query('select 1 from deposit_orders where user_id = $1', [player.userId]);
    expect(orders).toHaveLength(0);
  });
});

describe('the sandbox payment page', () => {
  it('pays: the signed callback credits the order once and the record shows COMPLETED', async () => {
    const player = await payingPlayer(server);
    const order = await openOrder(player.token, '300');
    const page = await server.app.inject({ method: 'GET', url: order.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₹300.00');
    expect(page.body).toContain('Sandbox gateway');
    const paid = await pressOnPage(order.payUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/recharge_log');
    expect(await cashOf(server, player.userId)).toBe(30_000n);
    // Pressing again (a second tab, the back button) finds the order closed and moves nothing.
    await pressOnPage(order.payUrl, 'pay');
    expect(await cashOf(server, player.userId)).toBe(30_000n);
    const list = await server.call('/cash/findRechargeList', { pageNum: 1, pageSize: 100 }, { token: player.token });
    expect(list.body.obj.list[0]).toMatchObject({ orderNo: order.orderNo, status: 'COMPLETED', method: 'upi', amount: '300.00' });
    const transactions = await server.call('/cash/findMoneyTranceList', { type: 'recharge' }, { token: player.token });
    expect(transactions.body.obj.list[0]).toMatchObject({ amount: '+300.00', reference: order.orderNo });
  });

  it('fails: the order is closed as Fail and nothing is credited', async () => {
    const player = await payingPlayer(server);
    const order = await openOrder(player.token, '150');
    await pressOnPage(order.payUrl, 'fail');
    const list = await server.call('/cash/findRechargeList', {}, { token: player.token });
    expect(list.body.obj.list[0]).toMatchObject({ status: 'FAIL' });
    expect(await cashOf(server, player.userId)).toBe(0n);
  });

  it('needs the page token: a guessed link neither shows nor pays the order', async () => {
    const player = await payingPlayer(server);
    const order = await openOrder(player.token);
    const page = await server.app.inject({ method: 'GET', url: `/sandbox-pay/${order.orderNo}?t=${'0'.repeat(64)}` });
    expect(page.statusCode).toBe(404);
    const paid = await pressOnPage(order.payUrl, 'pay', 'f'.repeat(64));
    expect(paid.statusCode).toBe(404);
    expect(await cashOf(server, player.userId)).toBe(0n);
  });

  it('returns the same order for a retried request key', async () => {
    const player = await payingPlayer(server);
    const first = await openOrder(player.token, '300', { requestKey: 'recharge-retry-1' });
    const again = await openOrder(player.token, '300', { requestKey: 'recharge-retry-1' });
    expect(again).toEqual(first);
    const conflict = await server.call(
      '/cash/payNew',
      { amount: '400', method: 'upi', requestKey: 'recharge-retry-1' },
      { token: player.token },
    );
    expect(conflict.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });
});
