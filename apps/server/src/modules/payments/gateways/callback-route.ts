import { formatMoney } from '@mayur/rules/money';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppContext } from '../../../platform/context.ts';
import { inviteBonusSettings } from '../../agent/pay-invite-bonus.ts';
import { applyDepositEvent } from '../recharge/deposit-events.ts';
import { applyPayoutEvent } from '../withdraw/apply-payout-event.ts';
import { verifySignature } from '../../../platform/http/hmac-signature.ts';
import { gatewayCallbackPath, ZGatewayEvent, type PaymentGateway } from './payment-gateway.ts';

/**
 * `POST /api/pay/callback/<gateway>`: the configured gateway's signed word that a deposit or payout
 * ended. The signature is checked over the raw bytes received (so this route keeps its body as a
 * string), before anything is parsed. Forged, stale or malformed messages are refused and logged;
 * authentic ones are applied at most once. Gateways retry until they get a 2xx, so an authentic
 * message we decline (wrong amount, unknown order) is still acknowledged, with its outcome.
 */
export function registerGatewayCallback(app: FastifyInstance, ctx: AppContext, gateway: PaymentGateway) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(gatewayCallbackPath(gateway.name), async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const check = verifySignature(
        gateway.callbackSecret,
        request.headers,
        rawBody,
        ctx.clock.now().getTime(),
        ctx.config.payments.callbackToleranceMs,
      );
      if (!check.isValid) {
        request.log.warn({ gateway: gateway.name, why: check.why, ip: request.ip }, 'gateway callback refused: signature');
        return reply.code(401).send({ ok: false, error: `signature ${check.why}` });
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        json = null;
      }
      const parsed = ZGatewayEvent.safeParse(json);
      if (!parsed.success) {
        // The field at fault is named (never its value): "body: amount" tells the gateway what to fix.
        const field = parsed.error.issues[0]?.path.join('.');
        request.log.warn({ gateway: gateway.name, field }, 'gateway callback refused: body is not a gateway event');
        return reply.code(400).send({ ok: false, error: field ? `body: ${field}` : 'body' });
      }
      const event = parsed.data;
      if (event.type === 'payout') {
        const outcome = await applyPayoutEvent(ctx.db, request.log as Logger, gateway.name, event);
        return { ok: true, outcome };
      }
      const outcome = await applyDepositEvent(
        ctx.db,
        request.log as Logger,
        inviteBonusSettings(ctx.config),
        {
          provider: gateway.name,
          eventId: event.eventId,
          orderNo: event.orderNo,
          status: event.status,
          paid: { currency: event.currency, amount: event.amount },
          // Stored as received: the amount in its wire text (canonical, so it is exactly what was sent).
          payload: { ...event, amount: formatMoney(event.amount) },
        },
        ctx.clock.now(),
      );
      return { ok: true, outcome };
    });
  });
}
