import { describe, expect, it } from 'vitest';
import {
  bitgamePayoutPaise,
  LOTTERY_ROOMS,
  periodAt,
  wingoFeePaise,
  wingoPayoutPaise,
  type WingoSelection,
} from './lottery-rooms.ts';

describe('periods', () => {
  it('aligns to Kolkata midnight and numbers periods from 0001', () => {
    // 2026-11-21 18:30:00Z is 00:00 on 22 November in Kolkata.
    const midnight = Date.UTC(2026, 10, 21, 18, 30);
    expect(periodAt('wingo-1', midnight)).toMatchObject({
      period: '20261122010001',
      index: 1,
      startsAtMs: midnight,
      bettingClosesAtMs: midnight + 55_000,
      endsAtMs: midnight + 60_000,
    });
    expect(periodAt('wingo-1', midnight - 1).period).toBe('20261121011440');
    expect(periodAt('wingo-3', midnight + 180_000 * 479 + 5).period).toBe('20261122030480');
    expect(periodAt('wingo-5', midnight + 86_399_999).period).toBe('20261122050288');
    expect(periodAt('bitgame', midnight + 61_000).period).toBe('20261122210002');
  });

  it('has a whole number of periods a day in every room, and the betting window inside the period', () => {
    for (const [room, config] of Object.entries(LOTTERY_ROOMS)) {
      expect(86_400_000 % config.periodMs, room).toBe(0);
      expect(config.bettingMs).toBeLessThan(config.periodMs);
    }
    expect(86_400_000 / LOTTERY_ROOMS['wingo-1'].periodMs).toBe(1440);
    expect(86_400_000 / LOTTERY_ROOMS['wingo-3'].periodMs).toBe(480);
    expect(86_400_000 / LOTTERY_ROOMS['wingo-5'].periodMs).toBe(288);
  });

  it('gives strictly increasing period numbers within a room across a day boundary', () => {
    const start = Date.UTC(2026, 10, 21, 18, 0);
    let previous = '';
    for (let t = start; t < start + 3_600_000; t += 60_000) {
      const { period } = periodAt('wingo-1', t);
      expect(period > previous).toBe(true);
      previous = period;
    }
  });
});

describe('payout rules (spec §9: a 100 stake becomes 98)', () => {
  const stake = 10_000n;
  const delivery = stake - wingoFeePaise(stake);

  it('takes a 2 % fee, rounded up to the paisa', () => {
    expect(wingoFeePaise(10_000n)).toBe(200n);
    expect(wingoFeePaise(110n)).toBe(3n);
    expect(delivery).toBe(9_800n);
  });

  // [selection, result number, payout in paise on a 98.00 delivery]
  const table: Array<[WingoSelection, number, bigint]> = [
    ['green', 1, 19_600n],
    ['green', 3, 19_600n],
    ['green', 7, 19_600n],
    ['green', 9, 19_600n],
    ['green', 5, 14_700n],
    ['green', 0, 0n],
    ['green', 2, 0n],
    ['red', 2, 19_600n],
    ['red', 4, 19_600n],
    ['red', 6, 19_600n],
    ['red', 8, 19_600n],
    ['red', 0, 14_700n],
    ['red', 5, 0n],
    ['red', 1, 0n],
    ['violet', 0, 44_100n],
    ['violet', 5, 44_100n],
    ['violet', 1, 0n],
    ['violet', 8, 0n],
    ['0', 0, 88_200n],
    ['5', 5, 88_200n],
    ['9', 9, 88_200n],
    ['3', 4, 0n],
  ];
  it.each(table)('%s on %i pays %s paise', (selection, number, expected) => {
    expect(wingoPayoutPaise(selection, number, delivery)).toBe(expected);
  });

  it('floors fractional payouts', () => {
    expect(wingoPayoutPaise('green', 5, 107n)).toBe(160n);
    expect(wingoPayoutPaise('violet', 0, 107n)).toBe(481n);
  });

  it('pays Bit Game ×1.95 on the right size, floored', () => {
    expect(bitgamePayoutPaise('small', 13, 10_000n)).toBe(19_500n);
    expect(bitgamePayoutPaise('big', 14, 111n)).toBe(216n);
    expect(bitgamePayoutPaise('big', 13, 10_000n)).toBe(0n);
  });
});
