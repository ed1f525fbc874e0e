import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { requestKeyTracker } from './use-request-key.ts';

function tracker() {
  let n = 0;
  return requestKeyTracker(() => `key-${++n}`);
}

describe('request keys for money-moving submissions', () => {
  it('gives every new submission a fresh key', () => {
    const keys = tracker();
    expect(keys.keyFor('bet A')).toBe('key-1');
    keys.settle();
    expect(keys.keyFor('bet A')).toBe('key-2');
  });

  it('reuses the key when the same submission is retried after an unknown outcome', () => {
    const keys = tracker();
    const first = keys.keyFor('bet A');
    keys.settle(new ApiError('TIMEOUT', 'Time Out'));
    expect(keys.keyFor('bet A')).toBe(first);
    keys.settle(new ApiError('NETWORK', 'offline'));
    expect(keys.keyFor('bet A')).toBe(first);
  });

  it('takes a fresh key after a definite refusal, or when the content changes', () => {
    const keys = tracker();
    const first = keys.keyFor('bet A');
    keys.settle(new ApiError('INSUFFICIENT_BALANCE', 'Insufficient balance'));
    expect(keys.keyFor('bet A')).not.toBe(first);
    keys.settle(new ApiError('TIMEOUT', 'Time Out'));
    expect(keys.keyFor('bet B')).toBe('key-3');
  });
});
