import type { CrashRoomId } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
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

type Pending<T, R> = { request: T; resolve(value: R): void; reject(error: unknown): void };

type LaneSettings = { windowMs: number; limit: number };

/**
 * One lane of a node's group commit: the requests that arrive within a short window (or until the
 * batch limit) are applied together by one call, which answers each with its own value or refusal.
 * At most one batch of a lane is in flight; what arrives meanwhile is the next batch, sent as soon as
 * the previous one is answered (it has waited long enough).
 */
class Lane<T, R> {
  private queue: Array<Pending<T, R>> = [];
  private timer: NodeJS.Timeout | null = null;
  private isApplying = false;

  constructor(
    private readonly settings: LaneSettings,
    private readonly apply: (requests: T[]) => Promise<Array<R | AppError>>,
    private readonly onTaken: (requests: readonly T[]) => void = () => undefined,
  ) {}

  submit(request: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (this.isApplying) return;
      if (this.queue.length >= this.settings.limit) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.settings.windowMs);
    });
  }

  private async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.isApplying || this.queue.length === 0) return;
    this.isApplying = true;
    const batch = this.queue.splice(0, this.settings.limit);
    const requests = batch.map((pending) => pending.request);
    this.onTaken(requests);
    try {
      const answers = await this.apply(requests);
      batch.forEach((pending, index) => {
        const answer = answers[index]!;
        if (answer instanceof AppError) pending.reject(answer);
        else pending.resolve(answer);
      });
    } catch (error) {
      // The batch's transaction failed as a whole (the database is unreachable, say): nothing of it
      // was committed, and every request of it hears why.
      for (const pending of batch) pending.reject(error);
    } finally {
      this.isApplying = false;
    }
    if (this.queue.length > 0) void this.flush();
  }
}

/**
 * A node's group commit of crash requests (decision 0015). Cash-outs have a lane of their own, never
 * behind bets and never refused for load; bets and cancels share the other lane. Each lane applies a
 * batch in one transaction of set-based statements. When one room's bets waiting on this node pass the
 * configured bound, new bets of that room are refused at once with BUSY, so that a flood of bets
 * cannot make the database late for cash-outs; cancels are never refused for load either.
 */
export class CrashBatcher {
  private readonly cashOuts: Lane<CashOutRequest, CashedOut>;
  private readonly bets: Lane<BetBatchRequest, PlacedCrashBet | CancelledCrashBet>;
  private readonly waitingBets = new Map<CrashRoomId, number>();

  constructor(private readonly ctx: AppContext) {
    const settings = { windowMs: ctx.config.crash.batchWindowMs, limit: ctx.config.crash.batchLimit };
    this.cashOuts = new Lane(settings, async (requests) => applyCashOutBatch(ctx, await roomHouseAccounts(ctx.db), requests));
    this.bets = new Lane(
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
