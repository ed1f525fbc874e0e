import type { ErrorCode } from '@mayur/rules/errors';

/** A refused or failed API call. `code` is the stable machine code (DESIGN.md §3), `message` is translated. */
export class ApiError extends Error {
  readonly code: ErrorCode | (string & {});
  /** The request field the refusal is about, when the server names one. */
  readonly field: string | undefined;
  readonly status: number;
  /** What the server said beside the code (which limit and when it resets, until when a break runs). */
  readonly details: unknown;

  constructor(
    code: ErrorCode | (string & {}),
    message: string,
    details: { field?: string | undefined; status?: number; details?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = details.field;
    this.status = details.status ?? 0;
    this.details = details.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
