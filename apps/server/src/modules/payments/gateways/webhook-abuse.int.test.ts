import { afterEach, describe, expect, it } from 'vitest';
import {
  addBankCard,
  cashOf,
  expectLedgerBalanced,
  operator,
  payingPlayer,
  postCallback,
  serverWithFakeGateway,
  transfersFor,
  WITHDRAW_PASSWORD,
} from '../../../../test/payments.ts';
import { inviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import { applyDepositEvent, type PaidAmount } from '../recharge/deposit-events.ts';

// The `gateway-hmac` gateway against a fake gateway on loopback: signed order and payout requests,
// and every way a callback can be forged, replayed or wrong. No forged or repeated message may move money.

const { server, gateway } = serverWithFakeGateway();
afterEach(async () => {
  await expectLedgerBalanced(server);
});

/** A callback signed with the gateway's secret. */
function signedCallback(event: unknown, options?: Parameters<typeof postCallback>[4]) {
  return postCallback(server, 'gateway-hmac', gateway().secret, event, options);
}

async function openOrder(amount = '500') {
  const player = await payingPlayer(server);
  const reply = await server.call('/cash/payNew', { amount, method: 'upi' }, { token: player.token });
  expect(reply.body.res).toBe(1);
  return { player, orderNo: reply.body.obj.orderNo as string, payUrl: reply.body.obj.payUrl as string };
}

function paidEvent(orderNo: string, overrides: Record<string, unknown> = {}) {
  return { eventId: `evt-${orderNo}`, type: 'deposit', orderNo, status: 'paid', amount: '500.00', currency: 'INR', ...overrides };
}

async function orderStatus(orderNo: string) {
  const [row] = await server.ctx.db.query<{ status: string }>('select status from deposit_orders where order_no = $1', [orderNo]);
  return row!.status;
}

describe('opening a recharge order', () => {
  it('sends the gateway a signed order and returns its pay page', async () => {
    const { orderNo, payUrl } = await openOrder();
    expect(payUrl).toBe(`https://gateway.example/pay/${orderNo}`);
    const request = gateway().requests.find((entry) => entry.body.orderNo === orderNo)!;
    expect(request.path).toBe('/orders');
    expect(request.isSigned).toBe(true);
    expect(request.body).toMatchObject({ merchantId: 'M-TEST', amount: '500.00', currency: 'INR', method: 'upi' });
    expect(request.body.notifyUrl).toMatch(/\/api\/pay\/callback\/gateway-hmac$/);
  });

  it('refuses a reply whose signature is not the gateway’s, and closes the order', async () => {
    gateway().isReplyForged = true;
    try {
      const player = await payingPlayer(server);
      const reply = await server.call('/cash/payNew', { amount: '500', method: 'upi' }, { token: player.token });
      expect(reply.body).toMatchObject({ res: 0, code: 'PAYMENT_PROVIDER_FAILED' });
      const [order] = await server.ctx.db.query<{ status: string }>('select status from deposit_orders where user_id = $1', [
        player.userId,
      ]);
      expect(order!.status).toBe('failed');
    } finally {
      gateway().isReplyForged = false;
    }
  });
});

describe('callback abuse', () => {
  it('credits an authentic callback exactly once', async () => {
    const { player, orderNo } = await openOrder();
    const reply = await signedCallback(paidEvent(orderNo));
    expect(reply).toEqual({ status: 200, body: { ok: true, outcome: 'credited' } });
    expect(await cashOf(server, player.userId)).toBe(50_000n);
    expect(await orderStatus(orderNo)).toBe('completed');
  });

  it('refuses a forged signature (wrong key) and changes nothing', async () => {
    const { player, orderNo } = await openOrder();
    const reply = await postCallback(server, 'gateway-hmac', 'an-attacker-guess-0123456789abcdef', paidEvent(orderNo));
    expect(reply.status).toBe(401);
    expect(await cashOf(server, player.userId)).toBe(0n);
    expect(await orderStatus(orderNo)).toBe('pending');
  });

  it('refuses a missing or malformed signature', async () => {
    const { orderNo } = await openOrder();
    const raw = JSON.stringify(paidEvent(orderNo));
    const bare = await server.app.inject({
      method: 'POST',
      url: '/api/pay/callback/gateway-hmac',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(bare.statusCode).toBe(401);
    const junk = await server.app.inject({
      method: 'POST',
      url: '/api/pay/callback/gateway-hmac',
      headers: { 'content-type': 'application/json', 'x-signature-timestamp': 'soon', 'x-signature': 'zz' },
      payload: raw,
    });
    expect(junk.statusCode).toBe(401);
    expect(await orderStatus(orderNo)).toBe('pending');
  });

  it('refuses a stale timestamp (over 5 minutes) even with a valid signature, and one from the future', async () => {
    const { player, orderNo } = await openOrder();
    const nowMs = server.clock.now().getTime();
    const stale = await signedCallback(paidEvent(orderNo), {
      timestampMs: nowMs - 301_000,
    });
    expect(stale).toMatchObject({ status: 401, body: { error: 'signature stale' } });
    const future = await signedCallback(paidEvent(orderNo), {
      timestampMs: nowMs + 301_000,
    });
    expect(future.status).toBe(401);
    const withinTolerance = await signedCallback(paidEvent(orderNo), {
      timestampMs: nowMs - 290_000,
    });
    expect(withinTolerance.body.outcome).toBe('credited');
    expect(await cashOf(server, player.userId)).toBe(50_000n);
  });

  it('refuses an altered body (signature over the original bytes)', async () => {
    const { player, orderNo } = await openOrder();
    const signedBody = JSON.stringify(paidEvent(orderNo, { amount: '1.00' }));
    const altered = JSON.stringify(paidEvent(orderNo));
    const reply = await signedCallback(null, { rawBody: altered, signedBody });
    expect(reply.status).toBe(401);
    // Even whitespace counts: the bytes are what is signed.
    const spaced = await signedCallback(null, {
      rawBody: signedBody.replace(':', ': '),
      signedBody,
    });
    expect(spaced.status).toBe(401);
    expect(await cashOf(server, player.userId)).toBe(0n);
  });

  it('credits once when the same event is replayed 20 times in parallel', async () => {
    const { player, orderNo } = await openOrder();
    const replies = await Promise.all(Array.from({ length: 20 }, () => signedCallback(paidEvent(orderNo))));
    const outcomes = replies.map((reply) => reply.body.outcome);
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(19);
    expect(await cashOf(server, player.userId)).toBe(50_000n);
    expect(await transfersFor(server, 'deposit', orderNo)).toBe(1);
  });

  it('credits once when a second event id reports the same payment', async () => {
    const { player, orderNo } = await openOrder();
    await signedCallback(paidEvent(orderNo));
    const again = await signedCallback(paidEvent(orderNo, { eventId: 'evt-other' }));
    expect(again.body.outcome).toBe('already_completed');
    expect(await cashOf(server, player.userId)).toBe(50_000n);
  });

  it('keeps a completed order completed when a failure arrives out of order', async () => {
    const { player, orderNo } = await openOrder();
    await signedCallback(paidEvent(orderNo));
    const late = await signedCallback(paidEvent(orderNo, { eventId: 'late-fail', status: 'failed' }));
    expect(late.body.outcome).toBe('already_completed');
    expect(await orderStatus(orderNo)).toBe('completed');
    expect(await cashOf(server, player.userId)).toBe(50_000n);
  });

  it('credits a late success after a failure: the money did arrive', async () => {
    const { player, orderNo } = await openOrder();
    const failed = await signedCallback(paidEvent(orderNo, { eventId: 'f1', status: 'failed' }));
    expect(failed.body.outcome).toBe('marked_failed');
    expect(await orderStatus(orderNo)).toBe('failed');
    const paid = await signedCallback(paidEvent(orderNo, { eventId: 'p1' }));
    expect(paid.body.outcome).toBe('credited');
    expect(await cashOf(server, player.userId)).toBe(50_000n);
  });

  it('does not credit a wrong amount or currency, and records why', async () => {
    const { player, orderNo } = await openOrder();
    const short = await signedCallback(paidEvent(orderNo, { eventId: 'a1', amount: '5.00' }));
    expect(short.body.outcome).toBe('amount_mismatch');
    const dollars = await signedCallback(paidEvent(orderNo, { eventId: 'a2', currency: 'USD' }));
    expect(dollars.body.outcome).toBe('currency_mismatch');
    expect(await cashOf(server, player.userId)).toBe(0n);
    expect(await orderStatus(orderNo)).toBe('pending');
    const events = await server.ctx.db.query<{ event_id: string; outcome: string }>(
      'select event_id, outcome from payment_events where reference = $1 order by id',
      [orderNo],
    );
    expect(events).toEqual([
      { event_id: 'a1', outcome: 'amount_mismatch' },
      { event_id: 'a2', outcome: 'currency_mismatch' },
    ]);
  });

  it('credits nothing for an authentic paid event whose amount is missing or is not a strict money amount', async () => {
    const { player, orderNo } = await openOrder('500');
    // Each of these once reached the ledger with no amount to compare, and the whole order was credited.
    const malformed = [
      '0000000000001.00',
      '0000000000500.00',
      '0500.00',
      '500',
      '500.0',
      '500.000',
      ' 500.00',
      '500.00 ',
      '+500.00',
      '-500.00',
      '5e2',
      '0x1f4.00',
      '५००.००',
      '',
    ];
    for (const [index, amount] of malformed.entries()) {
      const reply = await signedCallback(paidEvent(orderNo, { eventId: `m${index}`, amount }));
      expect(reply, JSON.stringify(amount)).toEqual({ status: 400, body: { ok: false, error: 'body: amount' } });
    }
    for (const amount of [undefined, null, 500, 500.0, {}, ['500.00']]) {
      const reply = await signedCallback(paidEvent(orderNo, { eventId: 'odd', amount }));
      expect(reply, JSON.stringify(amount)).toEqual({ status: 400, body: { ok: false, error: 'body: amount' } });
    }
    expect(await cashOf(server, player.userId)).toBe(0n);
    expect(await orderStatus(orderNo)).toBe('pending');
    // The same order still credits once its amount is stated exactly.
    const exact = await signedCallback(paidEvent(orderNo, { eventId: 'ok' }));
    expect(exact.body.outcome).toBe('credited');
    expect(await cashOf(server, player.userId)).toBe(50_000n);
  });

  it('refuses, at the posting rule itself, a paid event that carries no comparable amount', async () => {
    const { player, orderNo } = await openOrder('500');
    const apply = (eventId: string, paid: unknown) =>
      applyDepositEvent(server.ctx.db, server.ctx.log, inviteBonusSettings(server.ctx.config), {
        provider: 'gateway-hmac',
        eventId,
        orderNo,
        status: 'paid',
        paid: paid as PaidAmount,
        payload: {},
      });
    expect(await apply('x1', { currency: 'INR' })).toBe('amount_mismatch');
    expect(await apply('x2', { currency: 'INR', amount: null })).toBe('amount_mismatch');
    expect(await apply('x3', { currency: 'INR', amount: 50_000 })).toBe('amount_mismatch');
    expect(await apply('x4', { currency: 'INR', amount: '500.00' })).toBe('amount_mismatch');
    expect(await apply('x5', undefined)).toBe('currency_mismatch');
    expect(await cashOf(server, player.userId)).toBe(0n);
    expect(await orderStatus(orderNo)).toBe('pending');
    expect(await apply('x6', { currency: 'INR', amount: 50_000n })).toBe('credited');
  });

  it('ignores an authentic event for an order that does not exist, and a body that is not an event', async () => {
    const unknown = await signedCallback(paidEvent('R20990101000000000000'));
    expect(unknown.body.outcome).toBe('unknown_order');
    const notAnEvent = await signedCallback({ hello: 'world' });
    expect(notAnEvent.status).toBe(400);
    const notJson = await signedCallback(null, { rawBody: 'amount=500' });
    expect(notJson.status).toBe(400);
  });

  it('has no sandbox pay page and no sandbox callback when a real gateway is configured', async () => {
    const { orderNo } = await openOrder();
    const page = await server.app.inject({ method: 'GET', url: `/sandbox-pay/${orderNo}?t=x` });
    expect(page.statusCode).toBe(404);
    const sandboxCallback = await postCallback(server, 'sandbox', gateway().secret, paidEvent(orderNo));
    expect(sandboxCallback.status).toBe(404);
    expect(await orderStatus(orderNo)).toBe('pending');
  });
});

describe('payouts through the gateway', () => {
  async function pendingWithdrawal(amount = '300') {
    const player = await payingPlayer(server, 100_000n);
    const bankCardId = await addBankCard(server, player.token);
    const reply = await server.call(
      '/cash/withdrawNew',
      { amount, bankCardId, withdrawPassword: WITHDRAW_PASSWORD },
      { token: player.token },
    );
    expect(reply.body.res).toBe(1);
    return { player, withdrawNo: reply.body.obj.withdrawNo as string };
  }

  async function withdrawalStatus(withdrawNo: string) {
    const [row] = await server.ctx.db.query<{ status: string }>('select status from withdrawals where withdraw_no = $1', [
      withdrawNo,
    ]);
    return row!.status;
  }

  it('sends a signed payout request with the destination and settles a paid answer', async () => {
    gateway().payoutReply = { status: 'paid' };
    const { player, withdrawNo } = await pendingWithdrawal();
    const approved = await operator(server, 'withdraw:approve', { id: withdrawNo });
    expect(approved.lines.join()).toContain('paid');
    const request = gateway().requests.find((entry) => entry.body.withdrawNo === withdrawNo)!;
    expect(request.isSigned).toBe(true);
    expect(request.body).toMatchObject({ amount: '300.00', currency: 'INR', method: 'bank' });
    expect(request.body.account).toMatchObject({ bankAccount: '123456789012', ifscCode: 'HDFC0001234' });
    expect(await withdrawalStatus(withdrawNo)).toBe('paid');
    expect(await cashOf(server, player.userId)).toBe(70_000n);
  });

  it('returns the funds when the gateway refuses the payout', async () => {
    gateway().payoutReply = { status: 'failed', reason: 'account closed' };
    const { player, withdrawNo } = await pendingWithdrawal();
    await operator(server, 'withdraw:approve', { id: withdrawNo });
    expect(await withdrawalStatus(withdrawNo)).toBe('failed');
    expect(await cashOf(server, player.userId)).toBe(100_000n);
    const list = await server.call('/cash/findWithdrawList', {}, { token: player.token });
    expect(list.body.obj.list[0]).toMatchObject({ status: 'FAIL', reason: 'payout failed: account closed' });
  });

  it('settles a pending payout by its signed callback, once, and only with the right amount', async () => {
    gateway().payoutReply = { status: 'pending' };
    const { player, withdrawNo } = await pendingWithdrawal();
    await operator(server, 'withdraw:approve', { id: withdrawNo });
    expect(await withdrawalStatus(withdrawNo)).toBe('paying');
    const event = {
      eventId: `po-${withdrawNo}`,
      type: 'payout',
      orderNo: withdrawNo,
      status: 'paid',
      amount: '300.00',
      currency: 'INR',
    };
    const forged = await postCallback(server, 'gateway-hmac', 'not-the-secret-0123456789abcdefghij', event);
    expect(forged.status).toBe(401);
    const wrong = await signedCallback({
      ...event,
      eventId: 'po-wrong',
      amount: '3000.00',
    });
    expect(wrong.body.outcome).toBe('amount_mismatch');
    expect(await withdrawalStatus(withdrawNo)).toBe('paying');
    const replies = await Promise.all(Array.from({ length: 5 }, () => signedCallback(event)));
    expect(replies.filter((reply) => reply.body.outcome === 'paid')).toHaveLength(1);
    expect(await withdrawalStatus(withdrawNo)).toBe('paid');
    const failLater = await signedCallback({
      ...event,
      eventId: 'po-late',
      status: 'failed',
    });
    expect(failLater.body.outcome).toBe('not_in_flight');
    expect(await cashOf(server, player.userId)).toBe(70_000n);
  });

  it('ignores a payout callback for a withdrawal no operator approved', async () => {
    const { player, withdrawNo } = await pendingWithdrawal();
    const event = {
      eventId: `po-early-${withdrawNo}`,
      type: 'payout',
      orderNo: withdrawNo,
      status: 'paid',
      amount: '300.00',
      currency: 'INR',
    };
    const reply = await signedCallback(event);
    expect(reply.body.outcome).toBe('not_in_flight');
    expect(await withdrawalStatus(withdrawNo)).toBe('pending');
    expect(await cashOf(server, player.userId)).toBe(70_000n);
  });
});
