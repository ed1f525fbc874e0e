import { describe, expect, it } from 'vitest';
import { maximum, minimum, percentile } from './load-http.ts';

// A lottery-bets run of 20 s answers some 150,000 bets: its report's max was `Math.max(...ackMs)`,
// which threw "Maximum call stack size exceeded" and stopped the bench after the run.
describe("the load generator's figures", () => {
  it('takes the largest and smallest of 300,000 values, where spreading them into Math.max throws', () => {
    const values = Array.from({ length: 300_000 }, (_, index) => (index * 7_919) % 300_000);
    expect(() => Math.max(...values)).toThrow(RangeError);
    expect(maximum(values)).toBe(299_999);
    expect(minimum(values)).toBe(0);
    expect(percentile(values, 50)).toBe(150_000);
  });

  it('gives 0 for no values', () => {
    expect(maximum([])).toBe(0);
    expect(minimum([])).toBe(0);
    expect(maximum([-3, -1, -2])).toBe(-1);
  });
});
