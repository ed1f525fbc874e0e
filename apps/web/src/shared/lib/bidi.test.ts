import { describe, expect, it } from 'vitest';
import { isolateLeftToRight } from './bidi.ts';

describe('isolateLeftToRight', () => {
  it('wraps the value in a left-to-right isolate and its closing mark', () => {
    expect(isolateLeftToRight('10.00 USDT')).toBe('\u206610.00 USDT\u2069');
  });
});
