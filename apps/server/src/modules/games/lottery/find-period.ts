import { type TPeriodState } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { LOTTERY_MIN_BET_PAISE } from '@mayur/rules/lottery-rules';
import { periodAt, type LotteryRoom } from '@mayur/rules/lottery-rooms';
import type { AppContext } from '../../../platform/context.ts';
import { toResultView } from './round-result.ts';

/** The current period of a room from the wall clock, with the last settled result. */
export async function findPeriod(ctx: AppContext, room: LotteryRoom): Promise<TPeriodState> {
  const nowMs = ctx.clock.now().getTime();
  const slot = periodAt(room, nowMs);
  const previous = await ctx.db.query<{ period: string; result_number: number | null; result_digits: number[] | null }>(
    "select period, result_number, result_digits from lottery_rounds where room = $1 and state = 'settled' order by starts_at desc limit 1",
    [room],
  );
  return {
    room,
    period: slot.period,
    state: nowMs < slot.bettingClosesAtMs ? 'betting' : 'closed',
    startsAtMs: slot.startsAtMs,
    bettingClosesAtMs: slot.bettingClosesAtMs,
    endsAtMs: slot.endsAtMs,
    serverTimeMs: nowMs,
    minBet: formatMoney(LOTTERY_MIN_BET_PAISE),
    maxBet: formatMoney(ctx.config.lottery.maxBetPaise),
    previous: previous[0]
      ? { period: previous[0].period, result: toResultView(previous[0].result_number, previous[0].result_digits) }
      : null,
  };
}
