import type { CrashActivityItem } from '@mayur/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_BUSY_MAX_INTERVAL_MS,
  ACTIVITY_MAX_ITEMS,
  activityIntervalMs,
  activityToPush,
  isActivityPushDue,
} from './activity-fan-out.ts';

const bet = (n: number): CrashActivityItem => ({
  kind: 'bet',
  room: 'limbo',
  betId: String(n),
  player: `P***${n}`,
  amount: '10.00',
  slot: 1,
  roundId: '1',
});
const cashOut = (n: number): CrashActivityItem => ({
  kind: 'cashout',
  room: 'limbo',
  betId: String(n),
  player: `P***${n}`,
  multiplierX100: 200,
  winAmount: '20.00',
});

describe('live activity fan-out', () => {
  it('pushes a small room ten times a second and a large one less often, never less than once a second', () => {
    expect(activityIntervalMs(0)).toBe(100);
    expect(activityIntervalMs(1_000)).toBe(100);
    expect(activityIntervalMs(1_001)).toBe(200);
    expect(activityIntervalMs(5_000)).toBe(500);
    expect(activityIntervalMs(50_000)).toBe(1_000);
  });

  it('pushes when the interval has passed, and while the node is busy only once the room has waited three seconds', () => {
    expect(isActivityPushDue(5_000, 300, 0.1)).toBe(false);
    expect(isActivityPushDue(5_000, 460, 0.1)).toBe(true);
    expect(isActivityPushDue(5_000, 460, 0.95)).toBe(false);
    expect(isActivityPushDue(5_000, ACTIVITY_BUSY_MAX_INTERVAL_MS - 1, 0.95)).toBe(false);
    expect(isActivityPushDue(5_000, ACTIVITY_BUSY_MAX_INTERVAL_MS, 0.95)).toBe(true);
    expect(isActivityPushDue(0, 60, 0.89)).toBe(true);
  });

  it('sends everything that fits, and otherwise the newest cash-outs first, then the newest bets, in arrival order', () => {
    const few = [bet(1), cashOut(2), bet(3)];
    expect(activityToPush(few)).toEqual(few);

    const many = [cashOut(0), ...Array.from({ length: 40 }, (_, i) => bet(i + 1)), cashOut(41), bet(42)];
    const pushed = activityToPush(many);
    expect(pushed).toHaveLength(ACTIVITY_MAX_ITEMS);
    expect(pushed.map((item) => item.betId)).toEqual(['0', ...Array.from({ length: 17 }, (_, i) => String(i + 24)), '41', '42']);
  });
});
