import { EventEmitter } from 'node:events';
import type { CrashActivityItem, CrashCrashedEvent, CrashFlyingEvent, CrashRoundEvent } from '@mayur/contracts';

// Domain events of the crash rooms, typed by the socket contracts (packages/contracts/src/socket-events.ts);
// the realtime layer parses and pushes them (activity batched per room).
export type CrashActivity = CrashActivityItem;

export type CrashEventMap = {
  round: [CrashRoundEvent];
  flying: [CrashFlyingEvent];
  crashed: [CrashCrashedEvent];
  activity: [CrashActivity];
};

export class CrashEvents extends EventEmitter<CrashEventMap> {}

/** A player as other players see them in the live list: real, but not fully named. */
export function maskedPlayer(nickName: string, userId: number): string {
  const visible = nickName.slice(0, 3);
  return `${visible}***${String(userId).slice(-2)}`;
}
