import { AppError } from '../http/app-error.ts';
import { Refusal } from '../refusal.ts';

// How the database layer classifies PostgreSQL and driver errors: which ones mean "the connection is
// gone, try again shortly" and which ones mean "this transaction lost a race, run it again".

/** serialization_failure and deadlock_detected: the transaction was rolled back and may simply run again. */
const RETRYABLE_TRANSACTION_CODES = new Set(['40001', '40P01']);

/** The server went away, restarts, refuses connections, or the socket broke. */
const CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or in recovery
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// The driver reports a broken or closed connection by message only.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isRetryableTransactionError(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && RETRYABLE_TRANSACTION_CODES.has(code);
}

export function isConnectionError(error: unknown): boolean {
  if (error instanceof Refusal) return false;
  const code = codeOf(error);
  // Class 08 is "connection exception".
  if (code !== undefined && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  return CONNECTION_MESSAGES.some((fragment) => message.includes(fragment));
}

/** The refusal a player sees while the database is unreachable or a transaction kept losing races. */
export function tryAgain(cause: unknown): AppError {
  const detail = cause instanceof Error ? `${codeOf(cause) ?? cause.name}: ${cause.message}` : String(cause);
  return new AppError('TRY_AGAIN', `database unavailable (${detail})`, { httpStatus: 503 });
}
