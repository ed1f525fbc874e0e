import {
  adminEndpoints,
  adminErrorMessage,
  isAdminErrorCode,
  isAllowed,
  type AdminEndpointPath,
  type AdminErrorCode,
  type AdminParsedRequestOf,
  type AdminResponseOf,
} from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Queryable, Tx } from '../../platform/db/db.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { findIllFormedText } from '../../platform/db/storable-json.ts';
import { Refusal } from '../../platform/refusal.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import { auditDetailsOfInput, auditDetailsOfRefusedBody } from './audit-details.ts';
import { writeAudit } from './audit-log.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { authenticateOperator, type OperatorPrincipal } from './operator-sessions.ts';

// The back office's registrar, the twin of platform/http/register-endpoint.ts for /admin-api: the
// operator's session and role come first (a refused role is audited and answered 403), then the
// request schema, then the handler; the answer passes through the response schema into the same
// envelope as the player API. How each call is audited is the map's `audit` (contracts' audit-kind.ts):
// a change writes its row in its own transaction (`recordWithin`), a read before its answer, and every
// refused call of any endpoint is a row too. A row records the schema-parsed input only, never an
// unknown field; text a field cannot store faithfully (a lone surrogate, a NUL) is refused.

/** What a handler tells the audit row beyond the request: the record before and after, and who (when signing in). */
export type AuditNote = {
  before?: unknown;
  after?: unknown;
  /** Set by public endpoints once they know which operator the attempt was about. */
  operatorId?: string | null;
  login?: string;
};

export type AdminHandlerArgs<P extends AdminEndpointPath> = {
  input: AdminParsedRequestOf<P>;
  meta: RequestMeta;
  /** Present on every endpoint but the public ones (signing in). */
  principal: (typeof adminEndpoints)[P]['access'] extends 'public' ? null : OperatorPrincipal;
  audit: AuditNote;
  /**
   * Writes this call's audit row ("ok", with the note's before and after) in the handler's own
   * transaction, so the change and its row commit together or not at all; the registrar then writes none.
   */
  recordWithin: (tx: Queryable) => Promise<void>;
};

export type AdminHandler<P extends AdminEndpointPath> = (args: AdminHandlerArgs<P>) => Promise<AdminResponseOf<P>>;

/** The audit of one call: its note (before and after) and the writer of its row inside a transaction. */
export type AuditedCall = { audit: AuditNote; recordWithin: (tx: Queryable) => Promise<void> };

/**
 * The `within` callback a use case of another module runs in its change's transaction: it notes the
 * record before and after, and writes the call's audit row there.
 */
export function auditWithin(call: AuditedCall) {
  return async <T>(tx: Queryable, before: T | null, after: T) => {
    call.audit.before = before;
    call.audit.after = after;
    await call.recordWithin(tx);
  };
}

/**
 * A change and its call's audit row (the record before and after it) in one transaction; the handler
 * answers the record after.
 */
export function changeWithAudit<T>(
  db: Db,
  call: AuditedCall,
  change: (tx: Tx) => Promise<{ before: T | null; after: T }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { before, after } = await change(tx);
    await auditWithin(call)(tx, before, after);
    return after;
  });
}

/** A sign-in about no known operator is written at most once per source in this window; the rest are logged. */
const ANONYMOUS_ROW_WINDOW_MS = 60 * 60_000;
const MAX_ANONYMOUS_LOGIN_LENGTH = 64;

export function adminRefusal(code: AdminErrorCode, field?: string) {
  if (code === 'UNAUTHORIZED') return { res: 401, resMsg: adminErrorMessage(code), code };
  return { res: 0, resMsg: adminErrorMessage(code), code, ...(field ? { field } : {}) };
}

function statusOf(code: AdminErrorCode, fallback: number): number {
  if (code === 'UNAUTHORIZED') return 401;
  if (code === 'FORBIDDEN') return 403;
  return fallback;
}

export function registerAdminEndpoint<P extends AdminEndpointPath>(
  scope: FastifyInstance,
  bo: BackOfficeContext,
  path: P,
  handler: AdminHandler<P>,
) {
  const definition = adminEndpoints[path];
  const { db, clock } = bo.app;
  // The scope is registered under ADMIN_API_PREFIX (routes.ts).
  scope.post(path, { config: { adminEndpoint: path } }, async (request, reply) => {
    const now = clock.now();
    const meta: RequestMeta = {
      receivedAtMs: now.getTime(),
      // As the gate reads it: through the configured proxies only, never a header a direct client wrote.
      ip: bo.addressOf(request),
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      requestId: request.id,
      log: request.log,
    };
    const principal = await authenticateOperator(db, request.headers.authorization, now);
    const note: AuditNote = {};
    let details = auditDetailsOfRefusedBody(definition.request, request.body);
    const record = (outcome: string, target: Queryable = db) =>
      writeCallAudit(bo, { path, meta, principal, note, details, outcome }, target);
    const refuse = async (code: AdminErrorCode, httpStatus: number, detail: string, field?: string) => {
      request.log.info({ code, detail, endpoint: path }, 'admin request refused');
      // A refusal changed nothing: a row that cannot be written is logged, and the refusal still answered.
      await record(`refused:${code}${detail ? ` ${detail}` : ''}`).catch((error: unknown) =>
        request.log.error({ err: error, code, endpoint: path }, 'the audit row of a refusal could not be written'),
      );
      return reply.code(statusOf(code, httpStatus)).send(adminRefusal(code, field));
    };

    if (definition.access !== 'public' && !principal) {
      // Nobody to attribute it to: a missing or expired session is answered, not audited.
      return reply.code(401).send(adminRefusal('UNAUTHORIZED'));
    }
    if (principal && !isAllowed(definition.access, principal.operator.role)) {
      return refuse('FORBIDDEN', 403, `role ${principal.operator.role}`);
    }
    const parsed = parseAdminInput(definition.request, request.body);
    if (!parsed.success) return refuse(parsed.code, 200, parsed.detail, parsed.field);
    details = auditDetailsOfInput(parsed.data);

    let isRecordedWithin = false;
    const recordWithin = async (tx: Queryable) => {
      await record('ok', tx);
      isRecordedWithin = true;
    };
    let obj: unknown;
    try {
      obj = definition.response.parse(
        await handler({ input: parsed.data, meta, principal, audit: note, recordWithin } as AdminHandlerArgs<P>),
      );
    } catch (error) {
      if (error instanceof Refusal && isAdminErrorCode(error.code))
        return refuse(error.code, error.httpStatus, error.message, error.field);
      throw error;
    }
    if (definition.audit === 'change' && !isRecordedWithin) {
      // A change must write its row in its own transaction; one that did not is a defect in its handler.
      request.log.error({ endpoint: path }, 'a change was made without writing its audit row in its transaction');
      await record('ok (after the change)');
    }
    // A read's row is written before the answer: when it cannot be, the answer is not sent.
    if (definition.audit === 'read' && !isRecordedWithin) await record('ok');
    return reply.send({ res: 1, resMsg: 'success', obj });
  });
}

type ParsedInput =
  { success: true; data: unknown } | { success: false; code: AdminErrorCode; detail: string; field: string | undefined };

/**
 * The request through its schema (the first failing rule's code is the refusal), then refused when a
 * field holds text PostgreSQL cannot store faithfully (a lone surrogate, a NUL): it would be altered.
 */
function parseAdminInput(schema: z.ZodType, body: unknown): ParsedInput {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues.find((candidate) => isAdminErrorCode(candidate.message)) ?? parsed.error.issues[0];
    const code: AdminErrorCode = issue && isAdminErrorCode(issue.message) ? issue.message : 'INVALID_FIELD';
    const field = issue && issue.path.length > 0 ? String(issue.path[0]) : undefined;
    return { success: false, code, detail: 'validation', field };
  }
  const illFormed = findIllFormedText(parsed.data);
  if (illFormed)
    return {
      success: false,
      code: 'INVALID_FIELD',
      detail: 'text with a lone surrogate or a NUL',
      field: illFormed.length > 0 ? String(illFormed[0]) : undefined,
    };
  return { success: true, data: parsed.data };
}

type CallAudit = {
  path: AdminEndpointPath;
  meta: RequestMeta;
  principal: OperatorPrincipal | null;
  note: AuditNote;
  details: Record<string, unknown>;
  outcome: string;
};

/**
 * One call's audit row. A sign-in attempt about no known operator carries text anybody can choose:
 * it is written at most once per source per hour (the first), with the login cut short, and every
 * attempt is logged with the request id.
 */
async function writeCallAudit(bo: BackOfficeContext, call: CallAudit, target: Queryable) {
  const { principal, note, meta } = call;
  const operatorId = principal?.operator.id ?? note.operatorId ?? null;
  const givenLogin = typeof call.details.login === 'string' ? call.details.login : undefined;
  const login = principal?.operator.login ?? note.login ?? (operatorId === null ? undefined : givenLogin);
  let details = call.details;
  if (login === undefined) {
    meta.log.info({ endpoint: call.path, outcome: call.outcome }, 'admin sign-in attempt about no known operator');
    const sample = await bo.app.limiter.hit(`admin-audit-anonymous:${sourceKey(meta.ip)}`, 1, ANONYMOUS_ROW_WINDOW_MS);
    if (!sample.isAllowed) return;
    details = { ...details, ...(givenLogin === undefined ? {} : { login: givenLogin.slice(0, MAX_ANONYMOUS_LOGIN_LENGTH) }) };
  }
  await writeAudit(target, {
    actor: login === undefined ? 'anonymous' : `operator:${login}`,
    operatorId,
    action: `admin${call.path}`,
    details,
    outcome:
      login === undefined
        ? `${call.outcome} (further attempts from this source within the hour are logged, not written)`
        : call.outcome,
    ip: meta.ip,
    before: note.before,
    after: note.after,
    at: bo.app.clock.now(),
  });
}
