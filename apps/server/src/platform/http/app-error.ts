import { ERROR_MESSAGES, type ErrorCode } from '@mayur/rules/errors';
import { Refusal, type RefusalOptions } from '../refusal.ts';

/**
 * The one Refusal (platform/refusal.ts) with a code the player app knows, so that its envelope always
 * has a message to show. It adds nothing else: every surface renders it as the refusal it is.
 */
export class AppError extends Refusal {
  declare readonly code: ErrorCode;

  constructor(code: ErrorCode, detail?: string, options?: RefusalOptions) {
    super(code, detail, options);
  }
}

/** Whether an error is a refusal the player API answers: one whose code the player app knows. */
export function isPlayerRefusal(error: unknown): error is Refusal & { readonly code: ErrorCode } {
  return error instanceof Refusal && Object.hasOwn(ERROR_MESSAGES, error.code);
}
