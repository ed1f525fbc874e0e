import { describe, expect, it } from 'vitest';
import { formatCountdown } from './format-countdown.ts';

describe('formatCountdown', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatCountdown(1781)).toBe('29:41');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
