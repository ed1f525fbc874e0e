import type { CrashActivityItem } from '@mayur/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_BUSY_MAX_WAIT_MS,
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

  it('pushes when the interval has passed, and while the node is busy only once the oldest item has waited three seconds', () => {
    const room = { watchers: 5_000, sinceLastPushMs: 460, oldestWaitMs: 100, loopUtilization: 0.1 };
    expect(isActivityPushDue({ ...room, sinceLastPushMs: 300 })).toBe(false);
    expect(isActivityPushDue(room)).toBe(true);
    expect(isActivityPushDue({ ...room, loopUtilization: 0.6 })).toBe(false);
    expect(isActivityPushDue({ ...room, loopUtilization: 0.6, oldestWaitMs: ACTIVITY_BUSY_MAX_WAIT_MS - 1 })).toBe(false);
    expect(isActivityPushDue({ ...room, loopUtilization: 0.6, oldestWaitMs: ACTIVITY_BUSY_MAX_WAIT_MS })).toBe(true);
    expect(isActivityPushDue({ watchers: 0, sinceLastPushMs: 60, oldestWaitMs: 0, loopUtilization: 0.49 })).toBe(true);
  });

  it('holds back the first items after a quiet spell while the node is busy: the wait counts from the items, not the last push', () => {
    // The take-off after the betting window: no activity for seconds, then the first cash-outs of a burst.
    const takeOff = { watchers: 5_000, sinceLastPushMs: 8_000, oldestWaitMs: 100, loopUtilization: 0.95 };
    expect(isActivityPushDue(takeOff)).toBe(false);
    expect(isActivityPushDue({ ...takeOff, sinceLastPushMs: Infinity })).toBe(false);
    expect(isActivityPushDue({ ...takeOff, oldestWaitMs: ACTIVITY_BUSY_MAX_WAIT_MS })).toBe(true);
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
