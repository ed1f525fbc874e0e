import {
  ERROR_MESSAGES,
  type ErrorCode,
  type RefusalEnvelope,
  type SuccessEnvelope,
  type UnauthorizedEnvelope,
} from '@mayur/contracts';

export function success<T>(obj: T): SuccessEnvelope<T> {
  return { res: 1, resMsg: 'success', obj };
}

export function refusal(code: ErrorCode, field?: string): RefusalEnvelope | UnauthorizedEnvelope {
  if (code === 'UNAUTHORIZED') return { res: 401, resMsg: ERROR_MESSAGES.UNAUTHORIZED, code };
  return field ? { res: 0, resMsg: ERROR_MESSAGES[code], code, field } : { res: 0, resMsg: ERROR_MESSAGES[code], code };
}
