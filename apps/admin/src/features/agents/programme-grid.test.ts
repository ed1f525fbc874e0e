import { describe, expect, it } from 'vitest';
import { asNumber } from './programme-grid.tsx';

describe('a programme box read as a whole number', () => {
  it('reads digits as the number typed', () => {
    expect(asNumber('0')).toBe(0);
    expect(asNumber(' 25000 ')).toBe(25_000);
  });

  it.each(['', ' ', '0x10', '1e3', '10.5', '-5', '+5', '1,000', '١٠'])(
    'leaves %j unreadable, for the schema to refuse',
    (text) => {
      expect(asNumber(text)).toBeNaN();
    },
  );
});
