import { ERROR_MESSAGES, type ErrorCode, type RefusalDetails } from '@mayur/contracts';

/**
 * A refusal with a stable code. `detail` is for logs only; people see the code's message.
 * `httpStatus` stays 200 for business refusals, as the API contract says.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;
  readonly field: string | undefined;
  /** Sent to the client beside the code (which limit and when it resets, when an exclusion ends). */
  readonly details: RefusalDetails | undefined;

  constructor(code: ErrorCode, detail?: string, options: { httpStatus?: number; field?: string; details?: RefusalDetails } = {}) {
    super(detail ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = options.httpStatus ?? (code === 'UNAUTHORIZED' ? 401 : 200);
    this.field = options.field;
    this.details = options.details;
  }
}
