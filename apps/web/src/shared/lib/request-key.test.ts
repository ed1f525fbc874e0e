import { ZExchangeBonusRequest } from '@mayur/contracts';
import { describe, expect, it } from 'vitest';
import { newRequestKey } from './request-key.ts';

describe('newRequestKey', () => {
  it('is accepted by the contracts as a request key', () => {
    const parsed = ZExchangeBonusRequest.safeParse({ bonus: '20', requestKey: newRequestKey() });
    expect(parsed.success).toBe(true);
  });

  it('is different every time', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newRequestKey()));
    expect(keys.size).toBe(1000);
  });
});
