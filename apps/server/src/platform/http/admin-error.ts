import { adminErrorMessage, type AdminErrorCode } from '@mayur/contracts/admin';

/** A back-office refusal with a stable code; `detail` is for logs and the audit row, people see the code's message. */
export class AdminError extends Error {
  readonly code: AdminErrorCode;
  readonly httpStatus: number;

  constructor(code: AdminErrorCode, detail?: string, httpStatus = 200) {
    super(detail ?? adminErrorMessage(code));
    this.name = 'AdminError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}
