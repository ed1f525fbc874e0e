import { LOTTERY_ROOM_IDS, periodAt } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { LotteryEvents } from './lottery-events.ts';
import { openRound } from './open-round.ts';
import { settleRound } from './settle-round.ts';

const SETTLE_BATCH = 50;

/**
 * One step of the lottery clock at `nowMs`: open each room's current period, close betting where it
 * is due, and settle every round whose period has ended, oldest first (after a restart this catches
 * up on every round left open). Pure of timers: the leader calls it on an interval, tests call it.
 */
export async function tickLottery(ctx: AppContext, events: LotteryEvents, nowMs: number): Promise<void> {
  for (const room of LOTTERY_ROOM_IDS) {
    const slot = periodAt(room, nowMs);
    if (await openRound(ctx, room, slot)) events.emit('opened', { room, ...slot });
  }
  const closed = await ctx.db.query<{ room: (typeof LOTTERY_ROOM_IDS)[number]; period: string }>(
    "update lottery_rounds set state = 'closed' where state = 'open' and betting_closes_at <= $1 returning room, period",
    [new Date(nowMs)],
  );
  for (const round of closed) events.emit('closed', round);
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
