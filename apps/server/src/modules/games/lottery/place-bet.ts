import { setTimeout as sleep } from 'node:timers/promises';
import {
  LOTTERY_MIN_BET_PAISE,
  LOTTERY_ROOMS,
  lotteryStakeProblem,
  periodAt,
  wingoFeePaise,
  type LotteryRoom,
} from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { GroupCommitLane } from '../../../platform/group-commit.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { applyLotteryBetBatch, type LotteryBetRequest, type PlacedLotteryBet } from './lottery-bet-batch.ts';

export type BetInput = {
  room: LotteryRoom;
  period: string;
  selection: string;
  contractMoneyPaise: bigint;
  contractCount: number;
  /** Names the request: a retry with the same key returns the first bet instead of placing another. */
  requestKey?: string | undefined;
};

/**
 * Takes a bet on an open period. The stake is checked against the rules here; the node's group commit
 * (`lottery-bet-batch.ts`, decision 0015) then applies it with the other bets that arrived within a few
 * milliseconds, in one transaction that decides each bet on its own. The decision uses the round's row
 * and the moment this node received the request, so any node can take it. The stake leaves the
 * player's cash at once: the delivery to the room's account shard, the fee (Win Go, 2 %) to the fees
 * account.
 */
export async function placeBet(ctx: AppContext, userId: number, bet: BetInput): Promise<PlacedLotteryBet> {
  const receivedAtMs = ctx.clock.now().getTime();
  const stakePaise = bet.contractMoneyPaise * BigInt(bet.contractCount);
  const { maxBetPaise } = ctx.config.lottery;
  const stakeProblem = lotteryStakeProblem(stakePaise, maxBetPaise);
  if (stakeProblem === 'BET_TOO_SMALL')
    throw new AppError(stakeProblem, `stake ${stakePaise} under ${LOTTERY_MIN_BET_PAISE}`, { field: 'contractMoney' });
  if (stakeProblem) throw new AppError(stakeProblem, `stake ${stakePaise} over ${maxBetPaise}`);
  const feePaise = LOTTERY_ROOMS[bet.room].game === 'wingo' ? wingoFeePaise(stakePaise) : 0n;
  const request = { userId, bet, stakePaise, feePaise, receivedAtMs };
  const isCurrentPeriod = periodAt(bet.room, receivedAtMs).period === bet.period;
  const waitEndsAt = performance.now() + ROUND_OPEN_WAIT_MS;
  for (;;) {
    try {
      return await lotteryBatcherOf(ctx).submit(request);
    } catch (error) {
      const isOpeningLate = isCurrentPeriod && error instanceof AppError && error.code === 'PERIOD_UNKNOWN';
      if (!isOpeningLate || performance.now() >= waitEndsAt) throw error;
      await sleep(ROUND_OPEN_RETRY_MS);
    }
  }
}

/**
 * How long a bet on the period that had begun when this node received it waits for the game clock to
 * open its round. The clock opens a round on its first step after the period starts (every 250 ms on
 * the leader, later when a step is busy), while the player's screen shows the new period from its own
 * clock at once: a bet placed in between was refused PERIOD_UNKNOWN. A refused attempt changed nothing,
 * so it is simply sent again; whether it is in time is still decided by the moment it was received.
 */
const ROUND_OPEN_WAIT_MS = 3_000;
const ROUND_OPEN_RETRY_MS = 50;

const batchers = new WeakMap<AppContext, GroupCommitLane<LotteryBetRequest, PlacedLotteryBet>>();

/** This node's lottery lane: one per application context, which is one per serving process. */
function lotteryBatcherOf(ctx: AppContext): GroupCommitLane<LotteryBetRequest, PlacedLotteryBet> {
  let lane = batchers.get(ctx);
  if (!lane) {
    lane = new GroupCommitLane(ctx.config.groupCommit, (requests) => applyLotteryBetBatch(ctx, requests));
    batchers.set(ctx, lane);
  }
  return lane;
}
