import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { isConnectionError } from '../../platform/db/db-errors.ts';
import { Refusal } from '../../platform/refusal.ts';
import { adapterOf } from './adapters/mayur-seamless-adapter.ts';
import { applyAuthenticate } from './apply-authenticate.ts';
import { applyMoneyCall } from './apply-money-call.ts';
import { applyRollback } from './apply-rollback.ts';
import { findBalance } from './find-balance.ts';
import {
  currencyRefusal,
  isCallRefusal,
  WALLET_ACTIONS,
  type WalletAction,
  type WalletAnswer,
  type WalletCall,
} from './wallet-calls.ts';
import type { ProviderSettings } from './providers-env.ts';

function runCall(ctx: AppContext, provider: ProviderSettings, call: WalletCall): Promise<WalletAnswer> {
  switch (call.action) {
    case 'authenticate':
      return applyAuthenticate(ctx, provider, call);
    case 'balance':
      return findBalance(ctx, provider, call);
    case 'debit':
    case 'credit':
      return applyMoneyCall(ctx, provider, call);
    case 'rollback':
      return applyRollback(ctx, provider, call);
  }
}

/**
 * `POST /api/provider/<id>/<action>`: the seamless wallet a studio calls (decision 0026), outside the
 * player API like the payment callbacks: its own scope keeps the raw body, the provider's adapter
 * checks the signature and API key over those bytes before anything is parsed, and every answer is
 * signed. An unknown or disabled provider is a 404 without a body worth reading.
 */
export function registerProviderCallbacks(app: FastifyInstance, ctx: AppContext) {
  const providers = new Map(
    ctx.config.providers.list.filter((provider) => provider.isEnabled).map((provider) => [provider.id, provider]),
  );
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { providerId: string; action: string } }>(
      '/api/provider/:providerId/:action',
      async (request, reply) => {
        const provider = providers.get(request.params.providerId);
        const action = request.params.action as WalletAction;
        if (!provider || !WALLET_ACTIONS.includes(action))
          return reply.code(404).send({ status: 'error', code: 'PROVIDER_UNKNOWN', message: 'no such provider or call' });
        const adapter = adapterOf(provider);
        const send = (answer: WalletAnswer) => {
          const out = adapter.reply(provider, answer, ctx.clock.now().getTime());
          return reply.code(out.status).headers(out.headers).send(out.body);
        };
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const check = adapter.verify(
          provider,
          request.headers,
          rawBody,
          ctx.clock.now().getTime(),
          ctx.config.providers.signatureToleranceMs,
        );
        if (!check.isValid) {
          request.log.warn({ provider: provider.id, action, why: check.why, ip: request.ip }, 'provider call refused: signature');
          return send({ isOk: false, code: check.code, message: `request not authenticated: ${check.why}` });
        }
        let json: unknown = null;
        try {
          json = JSON.parse(rawBody);
        } catch {
          json = null;
        }
        const parsed = adapter.parse(action, json);
        if (!parsed.isOk) {
          request.log.info({ provider: provider.id, action, field: parsed.field }, 'provider call refused: body');
          return send({ isOk: false, code: 'BAD_REQUEST', message: `body: ${parsed.field}` });
        }
        const foreign = currencyRefusal(provider, parsed.call);
        if (foreign) {
          request.log.warn({ provider: provider.id, action, currency: parsed.call.currency }, 'provider call refused: currency');
          return send(foreign);
        }
        try {
          return send(await runCall(ctx, provider, parsed.call));
        } catch (error) {
          if (isCallRefusal(error)) {
            // A credit over a ceiling may be a leaked signing secret: logged as a warning (and counted, metrics.ts).
            const level = error.code === 'CREDIT_CEILING_REACHED' ? 'warn' : 'info';
            request.log[level]({ provider: provider.id, action, code: error.code, why: error.message }, 'provider call refused');
            return send({ isOk: false, code: error.code, message: error.message, balancePaise: error.balancePaise });
          }
          if (isConnectionError(error) || (error instanceof Refusal && error.code === 'TRY_AGAIN')) {
            request.log.warn({ provider: provider.id, action, err: error }, 'provider call: database unavailable');
            return send({ isOk: false, code: 'TRY_AGAIN', message: 'try again' });
          }
          request.log.error({ provider: provider.id, action, err: error }, 'provider call failed');
          return send({ isOk: false, code: 'INTERNAL', message: 'internal error: retry with the same transaction id' });
        }
      },
    );
  });
}
