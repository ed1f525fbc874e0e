import { EventEmitter } from 'node:events';
import type { LotteryRoom, PeriodSlot, TLotteryResult } from '@mayur/contracts';

// Domain events of the lottery; the realtime layer subscribes and pushes them to players.
export type LotteryEventMap = {
  opened: [{ room: LotteryRoom } & PeriodSlot];
  closed: [{ room: LotteryRoom; period: string }];
  result: [{ room: LotteryRoom; period: string; result: TLotteryResult }];
};

export class LotteryEvents extends EventEmitter<LotteryEventMap> {}
