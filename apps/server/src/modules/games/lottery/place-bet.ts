import { setTimeout as sleep } from 'node:timers/promises';
import { LOTTERY_MIN_BET_PAISE, lotteryStakeProblem } from '@mayur/rules/lottery-rules';
import { LOTTERY_ROOMS, periodAt, wingoFeePaise } from '@mayur/rules/lottery-rooms';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { refuseProtectedBets as refuseProtectedStakes } from '../../protection/enforce-protection.ts';
import {
  answerWithBalances,
  findStakeAccounts,
  findStoredBets,
  insertBets,
  lockRounds,
  lotteryBetLaneOf,
  postStakes,
  requestIdentity,
  roundKey,
  type BetInput,
  type Indexed,
  type InsertedBet,
  type LotteryBetRequest,
  type Pending,
  type PlacedLotteryBet,
  type RoundRow,
  type StoredBet,
} from './lottery-bet-batch.ts';

export type { BetInput } from './lottery-bet-batch.ts';

/**
 * Takes a bet on an open period. The stake is checked against the rules here, then the bet waits a
 * few milliseconds in the node's group commit (decision 0015) for the other bets arriving meanwhile,
 * and `placeBetBatch` below decides each of them on its own, in one transaction. The decision uses the
 * round's row and the moment this node received the request, so any node can take it. The stake leaves
 * the player's cash at once: the delivery to the room's account shard, the fee (Win Go, 2 %) to the
 * fees account.
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
      return await lotteryBetLaneOf(ctx, placeBetBatch).submit(request);
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

/**
 * Decides a batch of bets in one transaction of set-based statements (lottery-bet-batch.ts), each on
 * its own, by the round's row and the moment this node received the bet:
 * - a request key used before answers the first bet, even after betting closed, or IDEMPOTENCY_CONFLICT
 *   when the bet differs;
 * - a period with no round is PERIOD_UNKNOWN; one that was no longer open for betting is BETTING_CLOSED;
 * - a player in a time-out or self-exclusion, or whose stake would pass a loss limit, hears why;
 * - a stake the player's cash (as the earlier bets of the batch left it) cannot cover is refused, and
 *   its bet never exists.
 * The rounds are share-locked, so the settlement, which updates them, waits for the whole batch.
 */
export async function placeBetBatch(
  ctx: AppContext,
  requests: readonly LotteryBetRequest[],
): Promise<Array<PlacedLotteryBet | AppError>> {
  const accounts = await findStakeAccounts(ctx.db, requests);
  return ctx.db.transaction(async (tx) => {
    const answers: Array<Pending | null> = requests.map(() => null);
    const rounds = await lockRounds(tx, requests);
    const stored = await findStoredBets(
      tx,
      requests.filter((request) => request.bet.requestKey),
    );
    const toInsert: Indexed[] = [];
    requests.forEach((request, index) => {
      const { bet } = request;
      const earlier = bet.requestKey ? stored.get(requestIdentity(request.userId, bet.requestKey)) : undefined;
      const answer = answerBeforeStake(request, earlier, rounds.get(roundKey(bet.room, bet.period)));
      if (answer) answers[index] = answer;
      else toInsert.push({ request, index });
    });
    const allowed = await refuseProtectedBets(tx, ctx.clock.now(), toInsert, answers);
    const inserted = allowed.length === 0 ? [] : await insertBets(tx, allowed, rounds);
    await postStakes(tx, inserted, answers, accounts.feesAccountId, accounts.roomAccountOf);
    await answerRepeatedKeys(tx, inserted, answers);
    logPlacedBets(ctx, inserted, answers);
    return answerWithBalances(tx, requests, answers);
  });
}

/** A bet's answer when it is decided without moving money: a retry, a refusal, or null (to be placed). */
function answerBeforeStake(
  request: LotteryBetRequest,
  earlier: StoredBet | undefined,
  round: RoundRow | undefined,
): Pending | null {
  const { bet } = request;
  if (earlier) return isSameBet(earlier, bet) ? { row: earlier, balance: null } : keyConflict(bet);
  if (!round) return new AppError('PERIOD_UNKNOWN', `no period ${bet.period} in ${bet.room}`, { field: 'period' });
  if (round.state !== 'open' || round.betting_closes_at.getTime() <= request.receivedAtMs)
    return new AppError('BETTING_CLOSED', `period ${bet.period} closed at ${round.betting_closes_at.toISOString()}`);
  return null;
}

/**
 * Player protection (decision 0022): bets of players in a time-out or self-exclusion, or that would
 * pass a loss limit, are answered with their refusal and never inserted. One statement locks the
 * protection rows of all the batch's players that have any, one more reads their losses.
 */
async function refuseProtectedBets(tx: Tx, now: Date, bets: Indexed[], answers: Array<Pending | null>): Promise<Indexed[]> {
  const refusals = await refuseProtectedStakes(
    tx,
    now,
    bets.map(({ request }) => ({ userId: request.userId, stakePaise: request.stakePaise })),
  );
  return bets.filter((bet, position) => {
    const refusal = refusals[position];
    if (refusal) answers[bet.index] = refusal;
    return !refusal;
  });
}

/**
 * Requests whose key was taken while inserting: a repeat of a bet of this batch gets that bet's
 * answer (its refusal too); one taken by another node a moment ago is read now (the insert waited for
 * that node's commit).
 */
async function answerRepeatedKeys(tx: Tx, inserted: readonly InsertedBet[], answers: Array<Pending | null>): Promise<void> {
  const left = inserted.filter((item) => item.row === null);
  if (left.length === 0) return;
  const firstOfKey = new Map<string, InsertedBet>();
  for (const item of inserted)
    if (item.row) firstOfKey.set(requestIdentity(item.request.userId, item.request.bet.requestKey ?? ''), item);
  const identityOf = (item: InsertedBet) => requestIdentity(item.request.userId, item.request.bet.requestKey!);
  const stored = await findStoredBets(
    tx,
    left.filter((item) => !firstOfKey.has(identityOf(item))).map((item) => item.request),
  );
  for (const item of left) {
    const first = firstOfKey.get(identityOf(item));
    if (first) {
      const firstAnswer = answers[first.index]!;
      if (!isSameRequest(first.request, item.request)) answers[item.index] = keyConflict(item.request.bet);
      else answers[item.index] = firstAnswer instanceof AppError ? firstAnswer : { row: first.row!, balance: null };
      continue;
    }
    const row = stored.get(identityOf(item));
    if (!row) throw new Error(`the bet of request key ${item.request.bet.requestKey} was neither inserted nor found`);
    answers[item.index] = isSameBet(row, item.request.bet) ? { row, balance: null } : keyConflict(item.request.bet);
  }
}

function isSameRequest(a: LotteryBetRequest, b: LotteryBetRequest): boolean {
  return (
    a.bet.room === b.bet.room &&
    a.bet.period === b.bet.period &&
    a.bet.selection === b.bet.selection &&
    a.bet.contractMoneyPaise === b.bet.contractMoneyPaise &&
    a.bet.contractCount === b.bet.contractCount
  );
}

function isSameBet(stored: StoredBet, bet: BetInput): boolean {
  return (
    stored.room === bet.room &&
    stored.period === bet.period &&
    stored.selection === bet.selection &&
    stored.contract_money_paise === bet.contractMoneyPaise &&
    stored.contract_count === bet.contractCount
  );
}

function keyConflict(bet: BetInput): AppError {
  return new AppError('IDEMPOTENCY_CONFLICT', `request key ${bet.requestKey} was used for another bet`);
}

function logPlacedBets(ctx: AppContext, inserted: readonly InsertedBet[], answers: ReadonlyArray<Pending | null>): void {
  for (const { request, row, index } of inserted) {
    if (row && !(answers[index] instanceof AppError))
      ctx.log.info(
        {
          userId: request.userId,
          room: request.bet.room,
          period: request.bet.period,
          betId: String(row.id),
          stakePaise: String(request.stakePaise),
        },
        'bet placed',
      );
  }
}
