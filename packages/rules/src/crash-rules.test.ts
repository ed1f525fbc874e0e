import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRASH_ROOM_IDS, CRASH_ROOMS } from './crash-rooms.ts';
import { clampCrashStake, crashRoomWinPaise, crashStakeProblem, crashWinPaise, isAutoCashoutX100 } from './crash-rules.ts';

describe('crash win', () => {
  it('is floor(stake × m) below the room maximum', () => {
    expect(crashWinPaise(1_000n, 101, 100_000_000n)).toBe(1_010n);
    expect(crashWinPaise(333n, 150, 100_000_000n)).toBe(499n);
    expect(crashWinPaise(110n, 100, 100_000_000n)).toBe(110n);
  });

  it('stops at the room maximum when stake × m is above it', () => {
    // Aviator 1: ₹2,000 at 10 000× would be ₹2 crore; the room pays at most ₹2 lakh.
    expect(crashRoomWinPaise('limbo1', 200_000n, 1_000_000)).toBe(20_000_000n);
    expect(crashRoomWinPaise('limbo1', 200_000n, 10_001)).toBe(20_000_000n);
    expect(crashRoomWinPaise('limbo1', 200_000n, 10_000)).toBe(20_000_000n);
    expect(crashRoomWinPaise('limbo1', 200_000n, 9_999)).toBe(19_998_000n);
    expect(crashRoomWinPaise('limbo3', 5_000_000n, 1_000_000)).toBe(500_000_000n);
  });

  it('never exceeds the room maximum nor floor(stake × m), in every room', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CRASH_ROOM_IDS),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 100, max: 1_000_000 }),
        (room, stake, x100) => {
          const win = crashRoomWinPaise(room, stake, x100);
          const uncapped = (stake * BigInt(x100)) / 100n;
          return (
            win <= CRASH_ROOMS[room].maxWinPaise && win <= uncapped && (win === uncapped || win === CRASH_ROOMS[room].maxWinPaise)
          );
        },
      ),
    );
  });
});

describe('automatic cash-out range', () => {
  it('takes whole hundredths from 1.01× to 10 000×', () => {
    expect([101, 200, 1_000_000].map(isAutoCashoutX100)).toEqual([true, true, true]);
    expect([100, 1_000_001, 150.5, Number.NaN, -101].map(isAutoCashoutX100)).toEqual([false, false, false, false, false]);
  });
});

describe('crash stake limits', () => {
  it('names the refusal of a stake outside the room limits', () => {
    expect(crashStakeProblem('limbo', 109n)).toBe('BET_TOO_SMALL');
    expect(crashStakeProblem('limbo', 110n)).toBeNull();
    expect(crashStakeProblem('limbo1', 200_000n)).toBeNull();
    expect(crashStakeProblem('limbo1', 200_001n)).toBe('BET_TOO_LARGE');
    expect(crashStakeProblem('limbo3', 999n)).toBe('BET_TOO_SMALL');
  });

  it('moves a stake into the room limits', () => {
    expect(clampCrashStake('limbo3', 10n)).toBe(1_000n);
    expect(clampCrashStake('limbo1', 300_000n)).toBe(200_000n);
    expect(clampCrashStake('limbo', 5_000n)).toBe(5_000n);
  });
});
