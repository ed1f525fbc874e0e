import { LOTTERY_ROOM_IDS, periodAt } from '@mayur/rules/lottery-rooms';
import type { AppContext } from '../../../platform/context.ts';
import { LeaseLostError } from '../../../platform/leader-lease.ts';
import type { LotteryEvents } from './lottery-events.ts';
import { openRound } from './open-round.ts';
import { chooseRoundPayouts, keepChosenPayouts } from './round-payouts.ts';
import { settleRound } from './settle-round.ts';

const SETTLE_BATCH = 50;

/**
 * One step of the lottery clock at `nowMs`: open each room's current period, close betting where it
 * is due (choosing the closed rounds' payouts, which are posted at the period's end), and settle every
 * round whose period has ended, oldest first (after a restart this catches
 * up on every round left open). Pure of timers: the leader calls it on an interval, tests call it.
 */
export async function tickLottery(ctx: AppContext, events: LotteryEvents, nowMs: number): Promise<void> {
  for (const room of LOTTERY_ROOM_IDS) {
    const slot = periodAt(room, nowMs);
    if (await openRound(ctx, room, slot)) events.emit('opened', { room, ...slot });
  }
  // The update waits for bets in flight on each row (they share-lock it); once it returns, no bet can
  // join these rounds, so their payouts can be chosen now and posted at the period's end.
  const closed = await ctx.db.query<{ id: bigint; room: (typeof LOTTERY_ROOM_IDS)[number]; period: string }>(
    "update lottery_rounds set state = 'closed' where state = 'open' and betting_closes_at <= $1 returning id, room, period",
    [new Date(nowMs)],
  );
  for (const { id, room, period } of closed) {
    events.emit('closed', { room, period });
    try {
      keepChosenPayouts(ctx.db, await chooseRoundPayouts(ctx, id));
    } catch (error) {
      // Settlement chooses again at the period's end and reports what is wrong there.
      ctx.log.warn({ err: error, roundId: id.toString() }, 'payouts not chosen at betting close');
    }
  }
  for (;;) {
    const due = await ctx.db.query<{ id: bigint }>(
      "select id from lottery_rounds where state <> 'settled' and ends_at <= $1 order by ends_at limit $2",
      [new Date(nowMs), SETTLE_BATCH],
    );
    let settledCount = 0;
    for (const round of due) {
      let settled;
      try {
        settled = await settleRound(ctx, round.id, nowMs);
      } catch (error) {
        // This node no longer leads (decision 0030): every further statement would be refused too.
        if (error instanceof LeaseLostError) throw error;
        // A round that cannot be paid in full (the wallet refused it) stays unsettled and is retried
        // on the next step; it must not stop the other rooms' rounds, nor the crash clock after this.
        ctx.log.error({ err: error, roundId: round.id.toString() }, 'round not settled');
        continue;
      }
      if (settled) {
        settledCount += 1;
        events.emit('result', settled);
        ctx.log.info({ room: settled.room, period: settled.period, winners: settled.winners }, 'round settled');
      }
    }
    // Stop when the page was the last one, or when another node settled these meanwhile.
    if (due.length < SETTLE_BATCH || settledCount === 0) break;
  }
}
