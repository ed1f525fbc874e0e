import { isErrorCode, type ErrorCode } from '@mayur/rules/errors';
import type { z } from 'zod';

export type ValidationFailure = { code: ErrorCode; field: string | undefined };

/**
 * Picks the refusal for a failed parse: the first issue whose message is one of our error codes (the
 * contracts put the code there), else the generic INVALID_FIELD naming the field.
 */
export function toValidationFailure(error: z.ZodError): ValidationFailure {
  const issues = error.issues;
  const coded = issues.find((issue) => isErrorCode(issue.message));
  const chosen = coded ?? issues[0];
  const field = chosen && chosen.path.length > 0 ? String(chosen.path[0]) : undefined;
  return { code: coded ? (coded.message as ErrorCode) : 'INVALID_FIELD', field };
}
