import { describe, expect, it } from 'vitest';
import { cashOf, expectLedgerBalanced, payingPlayer, postCallback, serverWithFakeGateway } from '../../../../test/payments.ts';

// A signed callback is stored as received (payment_events.payload, jsonb), and PostgreSQL's jsonb
// refuses a lone UTF-16 surrogate: a real payment whose free text carried one would be answered 500
// at every retry and never credited. Free text is stored well formed; an id the ledger is keyed by
// that is not well-formed text is refused with 400, since two such ids could not be told apart.

const { server, gateway } = serverWithFakeGateway();

async function openOrder() {
  const player = await payingPlayer(server);
  const reply = await server.call('/cash/payNew', { amount: '500', method: 'upi' }, { token: player.token });
  expect(reply.body.res).toBe(1);
  return { player, orderNo: reply.body.obj.orderNo as string };
}

/** The event as JSON text with `\ud800` written as its escape, as a gateway's JSON encoder would send it. */
function eventText(orderNo: string, fields: { eventId: string; reason?: string }) {
  const reason = fields.reason === undefined ? '' : `,"reason":"${fields.reason}"`;
  return `{"eventId":"${fields.eventId}","type":"deposit","orderNo":"${orderNo}","status":"paid","amount":"500.00","currency":"INR"${reason}}`;
}

describe('a signed gateway callback carrying text that jsonb refuses', () => {
  it('credits the payment when its reason carries a lone surrogate, storing the reason well formed', async () => {
    const { player, orderNo } = await openOrder();
    const rawBody = eventText(orderNo, { eventId: `evt-${orderNo}`, reason: 'bank note \\ud800 end' });
    const reply = await postCallback(server, 'gateway-hmac', gateway().secret, null, { rawBody });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ ok: true, outcome: 'credited' });
    expect(await cashOf(server, player.userId)).toBe(50_000n);
    const [event] = await server.ctx.db.query<{ payload: { reason: string } }>(
      'select payload from payment_events where event_id = $1',
      [`evt-${orderNo}`],
    );
    expect(event!.payload.reason).toBe('bank note \ufffd end');
    await expectLedgerBalanced(server);
  });

  it('refuses with 400 an event id that is not well-formed text, and credits nothing', async () => {
    const { player, orderNo } = await openOrder();
    const rawBody = eventText(orderNo, { eventId: 'evt-\\udfff' });
    const reply = await postCallback(server, 'gateway-hmac', gateway().secret, null, { rawBody });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ ok: false, error: 'body: eventId' });
    expect(await cashOf(server, player.userId)).toBe(0n);
  });
});
