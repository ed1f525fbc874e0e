import type { TLotteryResult } from '@mayur/contracts';
import type { LotteryRoom } from '@mayur/rules/lottery-rooms';
import type { AppContext } from '../../../platform/context.ts';
import { payOut, type PayoutResult } from '../../wallet/ledger.ts';
import { chooseRoundPayouts, takeChosenPayouts } from './round-payouts.ts';
import { toResultView } from './round-result.ts';

export type SettledRound = { room: LotteryRoom; period: string; result: TLotteryResult; winners: number };

/**
 * How many database connections one settlement posts its payouts over (one house shard per
 * transaction). The pool holds 20: this leaves most of them to players while the database uses both
 * cores. PGlite has one connection and takes the shards one after another.
 */
export const SETTLEMENT_CONNECTIONS = 4;

/**
 * Resolves and settles one round, exactly once, never before its period ends (the reveal).
 *
 * 1. The round is closed for good: a statement on its row waits for bets in flight (they share-lock
 *    it) and leaves it not open, so no bet gets in after the payouts are chosen.
 * 2. The result comes from the round's chain seed; each winning player gets one payout (the sum of
 *    their bets' wins, key `payout:<round>:<user>`, chosen when betting closed or now), posted by the
 *    wallet in one transaction per room shard, several at once. Bets are not rewritten: their status
 *    and win follow from the result.
 * 3. Only when every shard has posted is the round marked settled with its result, and only by the
 *    caller whose statement changes the state: a retry, a second node or a repeated tick pays nothing
 *    twice (the keys) and announces the result once.
 * If a shard fails, the round stays unsettled with some winners paid; the clock retries it and the
 * retry posts only the missing payouts.
 */
export async function settleRound(ctx: AppContext, roundId: bigint, nowMs: number): Promise<SettledRound | null> {
  const now = new Date(nowMs);
  const [round] = await ctx.db.query<{ room: LotteryRoom; period: string }>(
    `update lottery_rounds set state = 'closed'
     where id = $1 and state <> 'settled' and ends_at <= $2
     returning room, period`,
    [roundId, now],
  );
  if (!round) return null;
  // Chosen when betting closed if this node closed it (the clock keeps them), else now.
  const { number, digits, payouts } = takeChosenPayouts(ctx.db, roundId) ?? (await chooseRoundPayouts(ctx, roundId));
  const posting = { byShard: ctx.db, connections: ctx.db.kind === 'pglite' ? 1 : SETTLEMENT_CONNECTIONS };
  const paid: PayoutResult = { postedCount: 0, replayedCount: 0 };
  for (const part of payouts) {
    const result = await payOut(posting, part);
    paid.postedCount += result.postedCount;
    paid.replayedCount += result.replayedCount;
  }
  const settled = await ctx.db.query(
    `update lottery_rounds set state = 'settled', settled_at = $2, result_number = $3, result_digits = $4
     where id = $1 and state <> 'settled' returning id`,
    [roundId, now, number, digits],
  );
  if (settled.length === 0) return null;
  return {
    room: round.room,
    period: round.period,
    result: toResultView(number, digits),
    winners: paid.postedCount + paid.replayedCount,
  };
}
