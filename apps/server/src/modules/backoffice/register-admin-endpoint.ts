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
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import type { Queryable } from '../../platform/db/db.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { AdminError } from './admin-error.ts';
import { writeAudit } from './audit-log.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { authenticateOperator, type OperatorPrincipal } from './operator-sessions.ts';

// The back office's registrar, the twin of platform/http/register-endpoint.ts for /admin-api: the
// operator's session and role come first (a refused role is audited and answered 403), then the
// request schema, then the handler; the answer passes through the response schema into the same
// envelope as the player API. Every call the map marks `audit: 'always'`, and every refused call of
// any endpoint, is one row of admin_audit_log.

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

const SECRET_FIELDS = new Set(['password', 'newPassword', 'code', 'recoveryCode', 'enrolmentToken']);
/** Uploaded files: the audit row says how long they were; the record's `after` names the file by its hash. */
const FILE_FIELDS = new Set(['imageBase64']);

/** The request as recorded in the audit log: secrets replaced by a mark saying they were given. */
function auditDetails(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>)
      .slice(0, 20)
      .map(([key, value]) => [
        key,
        SECRET_FIELDS.has(key)
          ? '[given]'
          : FILE_FIELDS.has(key) && typeof value === 'string'
            ? `[${value.length} characters of base64]`
            : typeof value === 'string'
              ? value.slice(0, 4000)
              : value,
      ]),
  );
}

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
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      requestId: request.id,
      log: request.log,
    };
    const principal = await authenticateOperator(db, request.headers.authorization, now);
    const note: AuditNote = {};
    const details = auditDetails(request.body);

    let isRecordedWithin = false;
    const record = async (outcome: string, target: Queryable = db) => {
      const operatorId = principal?.operator.id ?? note.operatorId ?? null;
      const login = principal?.operator.login ?? note.login ?? (typeof details.login === 'string' ? details.login : 'unknown');
      await writeAudit(target, {
        actor: `operator:${login}`,
        operatorId,
        action: `admin${path}`,
        details,
        outcome,
        ip: meta.ip,
        before: note.before,
        after: note.after,
        at: clock.now(),
      });
    };
    const refuse = async (reply: FastifyReply, code: AdminErrorCode, httpStatus: number, detail: string, field?: string) => {
      request.log.info({ code, detail, endpoint: path }, 'admin request refused');
      await record(`refused:${code}${detail ? ` ${detail}` : ''}`);
      return reply.code(statusOf(code, httpStatus)).send(adminRefusal(code, field));
    };

    if (definition.access !== 'public' && !principal) {
      // Nobody to attribute it to: a missing or expired session is answered, not audited.
      return reply.code(401).send(adminRefusal('UNAUTHORIZED'));
    }
    if (principal && !isAllowed(definition.access, principal.operator.role)) {
      return refuse(reply, 'FORBIDDEN', 403, `role ${principal.operator.role}`);
    }
    const parsed = definition.request.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => isAdminErrorCode(candidate.message)) ?? parsed.error.issues[0];
      const code: AdminErrorCode = issue && isAdminErrorCode(issue.message) ? issue.message : 'INVALID_FIELD';
      const field = issue && issue.path.length > 0 ? String(issue.path[0]) : undefined;
      return refuse(reply, code, 200, 'validation', field);
    }
    let obj: unknown;
    try {
      const recordWithin = async (tx: Queryable) => {
        await record('ok', tx);
        isRecordedWithin = true;
      };
      obj = definition.response.parse(
        await handler({ input: parsed.data, meta, principal, audit: note, recordWithin } as AdminHandlerArgs<P>),
      );
    } catch (error) {
      if (error instanceof AdminError) return refuse(reply, error.code, error.httpStatus, error.message);
      if (error instanceof AppError) return refuse(reply, error.code, error.httpStatus, error.message, error.field);
      throw error;
    }
    if (definition.audit === 'always' && !isRecordedWithin) await record('ok');
    return reply.send({ res: 1, resMsg: 'success', obj });
  });
}
