import { describe, expect, it } from 'vitest';
import { readHandoverToken, withoutTokenParameter } from './token-handover.ts';

describe('readHandoverToken', () => {
  it('keeps the part before the first slash', () => {
    expect(readHandoverToken('?token=abc123/def/ghi')).toBe('abc123');
    expect(readHandoverToken('?token=abc123%2Fdef')).toBe('abc123');
  });

  it('returns the whole value when there is no slash', () => {
    expect(readHandoverToken('?token=abc123')).toBe('abc123');
    expect(readHandoverToken('?x=1&token=t0k3n&y=2')).toBe('t0k3n');
  });

  it('returns null when the parameter is missing or empty', () => {
    expect(readHandoverToken('')).toBeNull();
    expect(readHandoverToken('?other=1')).toBeNull();
    expect(readHandoverToken('?token=')).toBeNull();
    expect(readHandoverToken('?token=/abc')).toBeNull();
  });
});

describe('withoutTokenParameter', () => {
  it('removes only the token parameter', () => {
    expect(withoutTokenParameter('https://m.example/reg?token=a/b&code=X1#top')).toBe('/reg?code=X1#top');
    expect(withoutTokenParameter('https://m.example/?token=abc')).toBe('/');
  });
});
