import type { CrashRoomId } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { GroupCommitLane } from '../../../platform/group-commit.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  applyBetBatch,
  type BetBatchRequest,
  type CancelledCrashBet,
  type CrashBetInput,
  type PlacedCrashBet,
} from './crash-bet-batch.ts';
import { roomHouseAccounts } from './crash-bet-account.ts';
import { applyCashOutBatch, type CashedOut, type CashOutRequest } from './crash-cash-out-batch.ts';

/**
 * A node's group commit of crash requests (decision 0015). Cash-outs have a lane of their own, never
 * behind bets and never refused for load; bets and cancels share the other lane. Each lane applies a
 * batch in one transaction of set-based statements. When one room's bets waiting on this node pass the
 * configured bound, new bets of that room are refused at once with BUSY, so that a flood of bets
 * cannot make the database late for cash-outs; cancels are never refused for load either.
 */
export class CrashBatcher {
  private readonly cashOuts: GroupCommitLane<CashOutRequest, CashedOut>;
  private readonly bets: GroupCommitLane<BetBatchRequest, PlacedCrashBet | CancelledCrashBet>;
  private readonly waitingBets = new Map<CrashRoomId, number>();

  constructor(private readonly ctx: AppContext) {
    const settings = ctx.config.groupCommit;
    this.cashOuts = new GroupCommitLane(settings, async (requests) =>
      applyCashOutBatch(ctx, await roomHouseAccounts(ctx.db), requests),
    );
    this.bets = new GroupCommitLane(
      settings,
      async (requests) => applyBetBatch(ctx, await roomHouseAccounts(ctx.db), requests),
      (requests) => {
        for (const request of requests)
          if (request.kind === 'bet') this.waitingBets.set(request.input.room, this.waitingOf(request.input.room) - 1);
      },
    );
  }

  private waitingOf(room: CrashRoomId): number {
    return this.waitingBets.get(room) ?? 0;
  }

  placeBet(userId: number, input: CrashBetInput, receivedAtMs: number): Promise<PlacedCrashBet> {
    const waiting = this.waitingOf(input.room);
    if (waiting >= this.ctx.config.crash.betQueueLimit)
      throw new AppError('BUSY', `room ${input.room} has ${waiting} bets waiting on this node`);
    this.waitingBets.set(input.room, waiting + 1);
    return this.bets.submit({ kind: 'bet', userId, input, receivedAtMs }) as Promise<PlacedCrashBet>;
  }

  cancel(userId: number, betId: bigint, receivedAtMs: number): Promise<CancelledCrashBet> {
    return this.bets.submit({ kind: 'cancel', userId, betId, receivedAtMs }) as Promise<CancelledCrashBet>;
  }

  cashOut(userId: number, betId: bigint, receivedAtMs: number): Promise<CashedOut> {
    return this.cashOuts.submit({ userId, betId, receivedAtMs });
  }
}

const batchers = new WeakMap<AppContext, CrashBatcher>();

/** This node's batcher: one per application context, which is one per serving process. */
export function crashBatcherOf(ctx: AppContext): CrashBatcher {
  let batcher = batchers.get(ctx);
  if (!batcher) batchers.set(ctx, (batcher = new CrashBatcher(ctx)));
  return batcher;
}
