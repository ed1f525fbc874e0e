import { describe, expect, it } from 'vitest';
import { periodAt } from '@mayur/rules/lottery-rooms';
import { newOrderNumber } from './order-numbers.ts';

describe('newOrderNumber', () => {
  it('names the Kolkata business day and time, as period numbers do', () => {
    // 00:25 on the 29th in India is still 18:55 on the 28th in UTC.
    const now = new Date('2026-11-28T18:55:00Z');
    const orderNo = newOrderNumber('R', now);
    expect(orderNo).toMatch(/^R20261129002500\d{6}$/);
    expect(orderNo.slice(1, 9)).toBe(periodAt('wingo-1', now.getTime()).period.slice(0, 8));
    expect(newOrderNumber('W', new Date('2026-11-28T18:29:59Z'))).toMatch(/^W20261128235959\d{6}$/);
  });

  it('sorts by the moment it was made, across the turn of the day', () => {
    const before = newOrderNumber('R', new Date('2026-11-28T18:29:59Z'));
    const after = newOrderNumber('R', new Date('2026-11-28T18:30:00Z'));
    expect(before.slice(0, 15) < after.slice(0, 15)).toBe(true);
    expect(after).toMatch(/^R20261129000000\d{6}$/);
  });
});
