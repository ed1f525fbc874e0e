import { endpoints, type EndpointPath, type ParsedRequestOf, type ResponseOf } from '@mayur/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { isPlayerRefusal } from './app-error.ts';
import { authenticate, type SessionPrincipal } from './authenticate.ts';
import { refusal, sendAppError, success } from './envelope.ts';
import { toValidationFailure } from './validation.ts';

export const API_PREFIX = '/api';

export type RequestMeta = {
  ip: string;
  userAgent: string;
  requestId: string;
  log: FastifyRequest['log'];
  /** This server's clock when the request reached the handler chain, before any await. */
  receivedAtMs: number;
};

export type HandlerArgs<P extends EndpointPath> = {
  input: ParsedRequestOf<P>;
  meta: RequestMeta;
  /** Always present on endpoints that require a session; the registrar refuses the request otherwise. */
  session: (typeof endpoints)[P]['isAuthRequired'] extends true ? SessionPrincipal : SessionPrincipal | null;
};

export type Handler<P extends EndpointPath> = (args: HandlerArgs<P>) => Promise<ResponseOf<P>>;

export type EndpointOptions = {
  /**
   * The reply is always far below the compression threshold (a bet, a cash-out): the route skips the
   * compression hook, which costs some 15 µs a request even when it compresses nothing. Only for the
   * hot game routes, where a round's burst of requests meets the node's CPU (decision 0015).
   */
  isReplyAlwaysSmall?: boolean;
};

/** The options of the hot game routes (bets, cancels, cash-outs): their replies are always small. */
export const SMALL_REPLIES: EndpointOptions = { isReplyAlwaysSmall: true };

/**
 * Registers `POST /api<path>` for one endpoint of the contracts map: the session check comes first,
 * then the request schema, then the handler; the result passes through the response schema and is
 * wrapped in the envelope, so a handler cannot drift from the contract.
 */
export function registerEndpoint<P extends EndpointPath>(
  app: FastifyInstance,
  ctx: AppContext,
  path: P,
  handler: Handler<P>,
  options: EndpointOptions = {},
) {
  const definition = endpoints[path];
  const compression = options.isReplyAlwaysSmall ? { compress: false as const } : {};
  app.post(API_PREFIX + path, { config: { endpoint: path }, ...compression }, async (request, reply) => {
    const receivedAtMs = ctx.clock.now().getTime();
    const meta: RequestMeta = {
      receivedAtMs,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      requestId: request.id,
      log: request.log,
    };
    const session = await authenticate(ctx, request.headers.authorization);
    if (definition.isAuthRequired && !session) {
      return reply.code(401).send(refusal('UNAUTHORIZED'));
    }
    const parsed = definition.request.safeParse(request.body ?? {});
    if (!parsed.success) {
      const failure = toValidationFailure(parsed.error);
      request.log.info({ code: failure.code, field: failure.field }, 'request refused by validation');
      return reply.code(failure.code === 'UNAUTHORIZED' ? 401 : 200).send(refusal(failure.code, failure.field));
    }
    try {
      const obj = await handler({ input: parsed.data, meta, session } as HandlerArgs<P>);
      // What leaves the server is exactly the response schema: a field a handler adds by mistake is
      // dropped, and a missing or mistyped one fails loudly instead of reaching a client.
      return reply.send(success(definition.response.parse(obj)));
    } catch (error) {
      if (isPlayerRefusal(error)) return sendAppError(reply, error);
      throw error;
    }
  });
}
