import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { isConnectionError, isRetryableTransactionError, tryAgain } from './db-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('database error classification', () => {
  it('takes a terminated, refused or broken connection for "try again"', () => {
    expect(isConnectionError(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionError(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionError(withCode('08006'))).toBe(true);
    expect(isConnectionError(withCode('ECONNREFUSED'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves constraint violations, lock timeouts and refusals alone', () => {
    expect(isConnectionError(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isConnectionError(withCode('55P03', 'canceling statement due to lock timeout'))).toBe(false);
    expect(isConnectionError(new AppError('INSUFFICIENT_BALANCE'))).toBe(false);
    expect(isConnectionError(new TypeError('x is undefined'))).toBe(false);
  });

  it('retries only serialization failures and deadlocks', () => {
    expect(isRetryableTransactionError(withCode('40001'))).toBe(true);
    expect(isRetryableTransactionError(withCode('40P01'))).toBe(true);
    expect(isRetryableTransactionError(withCode('23505'))).toBe(false);
    expect(isRetryableTransactionError(withCode('57P01'))).toBe(false);
  });

  it('refuses with TRY_AGAIN and HTTP 503, the cause kept for the log', () => {
    const refusal = tryAgain(withCode('57P01', 'terminating connection'));
    expect(refusal).toMatchObject({ code: 'TRY_AGAIN', httpStatus: 503 });
    expect(refusal.message).toContain('57P01: terminating connection');
  });
});
