import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import assert from 'node:assert/strict';
import type { AppContext } from '../../../platform/context.ts';
import { GroupCommitLane } from '../../../platform/group-commit.ts';
import {
  applyBetBatch,
  type BetBatchRequest,
  type BetLaneRules,
  type CancelledCrashBet,
  type CrashBetInput,
  type PlacedCrashBet,
} from './crash-bet-batch.ts';
import { roomHouseAccounts } from './crash-bet-account.ts';
import { applyCashOutBatch, type CashedOut, type CashOutRequest, type CashOutRule } from './crash-cash-out-batch.ts';

/** What the batches decide, each rule stated in its use case: cash-out.ts, place-crash-bet.ts, cancel-crash-bet.ts. */
export type CrashRules = BetLaneRules & { decideCashOut: CashOutRule };

/**
 * A node's group commit of crash requests (decision 0015), plumbing that applies the rules it is
 * started with. Cash-outs have a lane of their own, never behind bets and never refused for load; bets
 * and cancels share the other lane. Each lane applies a batch in one transaction of set-based
 * statements. The batcher counts each room's bets waiting on this node, which place-crash-bet.ts
 * bounds.
 */
export class CrashBatcher {
  private readonly cashOuts: GroupCommitLane<CashOutRequest, CashedOut>;
  private readonly bets: GroupCommitLane<BetBatchRequest, PlacedCrashBet | CancelledCrashBet>;
  private readonly waitingBets = new Map<CrashRoomId, number>();

  constructor(ctx: AppContext, rules: CrashRules) {
    const settings = ctx.config.groupCommit;
    this.cashOuts = new GroupCommitLane(settings, async (requests) =>
      applyCashOutBatch(ctx, await roomHouseAccounts(ctx.db), requests, rules.decideCashOut),
    );
    this.bets = new GroupCommitLane(
      settings,
      async (requests) => applyBetBatch(ctx, await roomHouseAccounts(ctx.db), requests, rules),
      (requests) => {
        for (const request of requests)
          if (request.kind === 'bet') this.waitingBets.set(request.input.room, this.waitingBetsOf(request.input.room) - 1);
      },
    );
  }

  /** The room's bets this node has taken and not yet sent to the database. */
  waitingBetsOf(room: CrashRoomId): number {
    return this.waitingBets.get(room) ?? 0;
  }

  placeBet(userId: number, input: CrashBetInput, receivedAtMs: number): Promise<PlacedCrashBet> {
    this.waitingBets.set(input.room, this.waitingBetsOf(input.room) + 1);
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

/**
 * Starts this node's batcher with the rules it applies: one per application context, which is one per
 * serving process. The crash routes start it (routes.ts), so that the batcher never imports the use
 * cases whose rules it applies.
 */
export function startCrashBatcher(ctx: AppContext, rules: CrashRules): void {
  if (!batchers.has(ctx)) batchers.set(ctx, new CrashBatcher(ctx, rules));
}

/** This node's batcher, started with the crash routes. */
export function crashBatcherOf(ctx: AppContext): CrashBatcher {
  const batcher = batchers.get(ctx);
  assert(batcher, 'the crash batcher starts with the crash routes (registerCrashRoutes)');
  return batcher;
}
