import { EventEmitter } from 'node:events';
import type { CrashRoomId } from '@mayur/contracts';

// Domain events of the crash rooms; the realtime layer pushes them (activity batched per room).
export type CrashActivity =
  | { kind: 'bet'; room: CrashRoomId; betId: string; player: string; amount: string; slot: number; roundId: string | null }
  | { kind: 'cashout'; room: CrashRoomId; betId: string; player: string; multiplierX100: number; winAmount: string };

export type CrashEventMap = {
  round: [{ room: CrashRoomId; roundId: string; bettingStartsAtMs: number; flyingAtMs: number }];
  flying: [{ room: CrashRoomId; roundId: string; flyingAtMs: number }];
  crashed: [{ room: CrashRoomId; roundId: string; crashPointX100: number; seed: string; wasInterrupted: boolean }];
  activity: [CrashActivity];
};

export class CrashEvents extends EventEmitter<CrashEventMap> {}

/** A player as other players see them in the live list: real, but not fully named. */
export function maskedPlayer(nickName: string, userId: number): string {
  const visible = nickName.slice(0, 3);
  return `${visible}***${String(userId).slice(-2)}`;
}
