// The crash rules the server and the browser both apply (DESIGN.md §5), dependency-free so the web app
// imports them at runtime: the win shown live in the cash-out button is the win the server pays.
import { CRASH_MAX_X100 } from './crash-curve.ts';
import { CRASH_ROOMS, type CrashRoomId } from './crash-rooms.ts';

/** The lowest automatic cash-out: 1.01× (at 1.00× a bet could only get its stake back). */
export const AUTO_CASHOUT_MIN_X100 = 101;
/** The highest automatic cash-out: the curve's and the crash point's cap, 10 000×. */
export const AUTO_CASHOUT_MAX_X100 = CRASH_MAX_X100;

/** Whether a target in hundredths is an automatic cash-out a bet may carry: a whole number in 1.01×…10 000×. */
export function isAutoCashoutX100(targetX100: number): boolean {
  return Number.isSafeInteger(targetX100) && targetX100 >= AUTO_CASHOUT_MIN_X100 && targetX100 <= AUTO_CASHOUT_MAX_X100;
}

/** What a bet cashed out at a multiplier wins: floor(stake × m), bounded by the room's published maximum win. */
export function crashWinPaise(stakePaise: bigint, multiplierX100: number, maxWinPaise: bigint): bigint {
  const win = (stakePaise * BigInt(multiplierX100)) / 100n;
  return win > maxWinPaise ? maxWinPaise : win;
}

/** crashWinPaise with the room's own maximum win. */
export function crashRoomWinPaise(room: CrashRoomId, stakePaise: bigint, multiplierX100: number): bigint {
  return crashWinPaise(stakePaise, multiplierX100, CRASH_ROOMS[room].maxWinPaise);
}

/** Why a stake cannot be bet in a room (its error code), or null when it can. */
export function crashStakeProblem(room: CrashRoomId, stakePaise: bigint): 'BET_TOO_SMALL' | 'BET_TOO_LARGE' | null {
  const limits = CRASH_ROOMS[room];
  if (stakePaise < limits.minBetPaise) return 'BET_TOO_SMALL';
  if (stakePaise > limits.maxBetPaise) return 'BET_TOO_LARGE';
  return null;
}

/** A stake moved into the room's limits (the bet panel's − and + buttons). */
export function clampCrashStake(room: CrashRoomId, stakePaise: bigint): bigint {
  const limits = CRASH_ROOMS[room];
  return stakePaise < limits.minBetPaise ? limits.minBetPaise : stakePaise > limits.maxBetPaise ? limits.maxBetPaise : stakePaise;
}
