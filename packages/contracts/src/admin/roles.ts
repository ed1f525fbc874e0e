// Operator roles of the back office: least privilege, each endpoint names the roles it allows.

export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'risk', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** An operator session lasts at most this long from sign-in, whatever the operator does. */
export const OPERATOR_SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** How many single-use recovery codes an operator receives at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
/** A one-time password or an operator's own password: at least this long. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
export const OPERATOR_PASSWORD_MAX_LENGTH = 128;
