import { EventEmitter } from 'node:events';
import type { LotteryClosedEvent, LotteryPeriodEvent, LotteryResultEvent } from '@mayur/contracts';

// Domain events of the lottery, typed by the socket contracts (packages/contracts/src/socket-events.ts);
// the realtime layer parses and pushes them to players ('opened' is pushed as `period`).
export type LotteryEventMap = {
  opened: [LotteryPeriodEvent];
  closed: [LotteryClosedEvent];
  result: [LotteryResultEvent];
};

export class LotteryEvents extends EventEmitter<LotteryEventMap> {}
