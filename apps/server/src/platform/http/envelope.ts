import { type RefusalEnvelope, type SuccessEnvelope, type UnauthorizedEnvelope } from '@mayur/contracts';
import { ERROR_MESSAGES, type ErrorCode } from '@mayur/rules/errors';
import { type RefusalDetails } from '@mayur/rules/protection-rules';
import type { FastifyReply } from 'fastify';
import type { AppError } from './app-error.ts';

export function success<T>(obj: T): SuccessEnvelope<T> {
  return { res: 1, resMsg: 'success', obj };
}

export function refusal(code: ErrorCode, field?: string, details?: RefusalDetails): RefusalEnvelope | UnauthorizedEnvelope {
  if (code === 'UNAUTHORIZED') return { res: 401, resMsg: ERROR_MESSAGES.UNAUTHORIZED, code };
  return {
    res: 0,
    resMsg: ERROR_MESSAGES[code],
    code,
    ...(field ? { field } : {}),
    ...(details ? { details } : {}),
  };
}

/** Answers with a refusal's envelope and status; "try again" (503) also says when: in a second. */
export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  const isUnavailable = error.httpStatus === 503;
  reply.request.log[isUnavailable ? 'warn' : 'info']({ code: error.code, detail: error.message }, 'request refused');
  if (isUnavailable) reply.header('retry-after', '1');
  return reply.code(error.httpStatus).send(refusal(error.code, error.field, error.details));
}
