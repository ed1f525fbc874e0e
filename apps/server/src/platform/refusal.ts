import { adminErrorMessage, isAdminErrorCode, type AdminErrorCode } from '@mayur/contracts/admin';
import { type RefusalDetails } from '@mayur/rules/protection-rules';

// One refusal for every surface. A use case throws it with a stable code, whoever called it; each
// surface renders it its own way: the player API's envelope (http/envelope.ts), the console's registrar
// (modules/admin/register-admin-endpoint.ts), the operator CLI's printer (modules/operator-cli). The
// message is the detail, for logs, audit rows and the operator's terminal; people in the apps see the
// code's own message.

/** A command line's own refusal, worded in full for the operator (its arguments, mostly). */
export type CommandOnlyCode = 'USAGE';
export type RefusalCode = AdminErrorCode | CommandOnlyCode;

export type RefusalOptions = {
  /** A hint for HTTP surfaces: business refusals are answered 200 (the API contract), a pause 503. */
  httpStatus?: number;
  /** The request field the refusal is about, when there is one. */
  field?: string;
  /** Sent to the player beside the code (which limit and when it resets, when an exclusion ends). */
  details?: RefusalDetails;
};

export class Refusal extends Error {
  readonly code: RefusalCode;
  readonly httpStatus: number;
  readonly field: string | undefined;
  readonly details: RefusalDetails | undefined;

  constructor(code: RefusalCode, detail?: string, options: RefusalOptions = {}) {
    super(detail ?? (isAdminErrorCode(code) ? adminErrorMessage(code) : 'refused'));
    this.name = 'Refusal';
    this.code = code;
    this.httpStatus = options.httpStatus ?? (code === 'UNAUTHORIZED' ? 401 : 200);
    this.field = options.field;
    this.details = options.details;
  }
}

/** A command line's own refusal (its options, mostly), worded in full for the operator. */
export function usageRefusal(message: string): Refusal {
  return new Refusal('USAGE', message);
}
