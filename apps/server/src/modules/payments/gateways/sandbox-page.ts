import { randomUUID } from 'node:crypto';
import { formatMoney } from '@mayur/rules/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { signedHeaders } from '../../../platform/http/hmac-signature.ts';
import { gatewayCallbackPath } from './payment-gateway.ts';
import { isSandboxPageToken } from './sandbox-gateway.ts';

// The sandbox gateway's own pages. They stand in for a third party's payment page, so they are
// deliberately plain and outside the app (no session, no translations): a banner says what they are.
// Pressing Pay or Fail makes the "gateway" send its signed callback to our callback route, through
// the full HTTP stack, exactly as an outside gateway would; the player then returns to the records.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#eef2f7;color:#1b2330}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.banner{background:#fff4d6;border:1px solid #f0c36d;border-radius:8px;padding:10px 12px;font-size:14px}
.card{background:#fff;border-radius:12px;padding:20px;margin-top:16px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
.amount{font-size:32px;font-weight:700;margin:8px 0}
button{display:block;width:100%;padding:14px;margin-top:12px;border:0;border-radius:24px;font-size:16px;font-weight:600}
.pay{background:#1f8f4e;color:#fff}.fail{background:#f3d5d5;color:#8a1f1f}
</style></head><body><main>${body}</main></body></html>`;
}

type OrderRow = { order_no: string; amount_paise: bigint; method: string; status: string; provider: string };

export function registerSandboxPages(app: FastifyInstance, ctx: AppContext) {
  const secret = ctx.config.payments.sandboxSecret;

  async function findOrder(orderNo: string, token: unknown): Promise<OrderRow | null> {
    if (!/^R\d{20}$/.test(orderNo) || !isSandboxPageToken(secret, orderNo, token)) return null;
    const [row] = await ctx.db.query<OrderRow>(
      "select order_no, amount_paise, method, status, provider from deposit_orders where order_no = $1 and provider = 'sandbox'",
      [orderNo],
    );
    return row ?? null;
  }

  app.get<{ Params: { orderNo: string }; Querystring: { t?: string } }>('/sandbox-pay/:orderNo', async (request, reply) => {
    const order = await findOrder(request.params.orderNo, request.query.t);
    reply.type('text/html; charset=utf-8');
    if (!order) return reply.code(404).send(page('<div class="card">Unknown or expired payment link.</div>'));
    const isOpen = order.status === 'pending';
    return page(`<div class="banner"><strong>Sandbox gateway.</strong> Test payments only: no real money moves.</div>
<div class="card"><div>Order ${escapeHtml(order.order_no)} · ${order.method === 'bank' ? 'Bank transfer' : 'UPI'}</div>
<div class="amount">₹${formatMoney(order.amount_paise)}</div>
${
  isOpen
    ? `<form method="post" action="/sandbox-pay/${escapeHtml(order.order_no)}">
<input type="hidden" name="t" value="${escapeHtml(String(request.query.t))}">
<button class="pay" name="action" value="pay">Pay</button>
<button class="fail" name="action" value="fail">Fail</button></form>`
    : `<p>This order is already ${escapeHtml(order.status)}.</p><a href="/recharge_log">Back to Recharge Record</a>`
}</div>`);
  });

  app.post<{ Params: { orderNo: string }; Body: { t?: string; action?: string } }>(
    '/sandbox-pay/:orderNo',
    async (request, reply) => {
      const order = await findOrder(request.params.orderNo, request.body?.t);
      const action = request.body?.action;
      if (!order || (action !== 'pay' && action !== 'fail')) {
        reply.type('text/html; charset=utf-8');
        return reply.code(404).send(page('<div class="card">Unknown or expired payment link.</div>'));
      }
      const rawBody = JSON.stringify({
        eventId: `sbx_${randomUUID()}`,
        type: 'deposit',
        orderNo: order.order_no,
        status: action === 'pay' ? 'paid' : 'failed',
        amount: formatMoney(order.amount_paise),
        currency: 'INR',
      });
      const delivered = await app.inject({
        method: 'POST',
        url: gatewayCallbackPath('sandbox'),
        headers: signedHeaders(secret, ctx.clock.now().getTime(), rawBody),
        payload: rawBody,
      });
      request.log.info({ orderNo: order.order_no, action, callbackStatus: delivered.statusCode }, 'sandbox payment');
      return reply.redirect('/recharge_log', 303);
    },
  );
}
