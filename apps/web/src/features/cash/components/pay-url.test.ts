import { describe, expect, it } from 'vitest';
import { safePayUrl } from './pay-url.ts';

describe('safePayUrl', () => {
  const origin = 'https://mayur.example';

  it('accepts gateway pages and the local sandbox page', () => {
    expect(safePayUrl('https://pay.gateway.example/p/ABC123', origin)).toBe('https://pay.gateway.example/p/ABC123');
    expect(safePayUrl('/dev/pay/ABC123', origin)).toBe('https://mayur.example/dev/pay/ABC123');
    expect(safePayUrl('http://localhost:8080/dev/pay/1', origin)).toBe('http://localhost:8080/dev/pay/1');
  });

  it('refuses addresses that would run code or are not addresses', () => {
    expect(safePayUrl('javascript:alert(1)', origin)).toBeNull();
    expect(safePayUrl('data:text/html,hi', origin)).toBeNull();
    expect(safePayUrl('http://[bad', origin)).toBeNull();
  });
});
