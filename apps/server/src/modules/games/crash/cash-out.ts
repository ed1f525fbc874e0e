import { crashRoomWinPaise } from '@mayur/rules/crash-rules';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { crashBatcherOf } from './crash-batcher.ts';
import type { BetWithRound, CashedOut, CashOutDecision, CashOutRequest } from './crash-cash-out-batch.ts';
import { decideCashout } from './crash-engine.ts';
import type { CrashEvents } from './crash-events.ts';

/**
 * A manual cash-out at the multiplier of the moment this server received it, decided by
 * `decideCashOut` below from the round's row only (any node can take it), with the other cash-outs of
 * this node's next batch (decision 0015). One guarded UPDATE (on the status) makes it happen at most
 * once. The cash-out is news to the other players: it joins the room's live list.
 */
export async function cashOut(
  ctx: AppContext,
  events: CrashEvents,
  userId: number,
  betId: bigint,
  receivedAtMs: number,
): Promise<Omit<CashedOut, 'playerName'>> {
  const { playerName, ...cashedOut } = await crashBatcherOf(ctx).cashOut(userId, betId, receivedAtMs);
  events.emit('activity', {
    kind: 'cashout',
    room: cashedOut.room,
    betId: cashedOut.bet.id,
    player: playerName,
    multiplierX100: cashedOut.multiplierX100,
    winAmount: cashedOut.winAmount,
  });
  return cashedOut;
}

const REFUSAL = {
  'not-flying': 'CASHOUT_NOT_FLYING',
  crashed: 'CASHOUT_TOO_LATE',
  'already-cashed-out': 'ALREADY_CASHED_OUT',
} as const;

/**
 * The rule of a manual cash-out, for the bet as the batch read it (its round locked):
 * - only the bet's player may cash it out (BET_UNKNOWN otherwise, as for a bet that does not exist);
 * - a bet cashes out once (ALREADY_CASHED_OUT), also when two requests for it meet in one batch;
 * - a queued bet is not flying yet (CASHOUT_NOT_FLYING); one that is neither open nor lost (refunded,
 *   cancelled) is too late (CASHOUT_TOO_LATE);
 * - the crash engine judges the moment received: before take-off, at or after the crash instant, or
 *   after an automatic target already reached, it is refused;
 * - it wins floor(stake × m) at the multiplier m of that moment, capped at the room's maximum win.
 */
export function decideCashOut(
  bet: BetWithRound | undefined,
  request: CashOutRequest,
  acceptedBetIds: ReadonlySet<bigint>,
): CashOutDecision | AppError {
  if (!bet || bet.user_id !== request.userId)
    return new AppError('BET_UNKNOWN', `bet ${request.betId} for user ${request.userId}`);
  if (bet.status === 'cashed_out' || acceptedBetIds.has(bet.id)) return new AppError('ALREADY_CASHED_OUT', `bet ${bet.id}`);
  // A cash-out received before the crash wins even when settlement committed first and marked the bet
  // lost: the receive time decides (DESIGN.md §5). A refunded bet of a void round has its stake back.
  const isDecidable = bet.status === 'open' || bet.status === 'lost';
  if (!isDecidable || bet.round_id === null || bet.crash_point_x100 === null)
    return new AppError(bet.status === 'queued' ? 'CASHOUT_NOT_FLYING' : 'CASHOUT_TOO_LATE', `bet ${bet.id} is ${bet.status}`);
  const decision = decideCashout(
    {
      crashPointX100: bet.crash_point_x100,
      bettingStartsAtMs: bet.betting_starts_at!.getTime(),
      flyingAtMs: bet.flying_at!.getTime(),
      crashAtMs: bet.crash_at!.getTime(),
      nextRoundAtMs: bet.next_round_at!.getTime(),
    },
    { stakePaise: bet.stake_paise, autoCashoutX100: bet.auto_cashout_x100, cashedOutX100: null },
    request.receivedAtMs,
  );
  if (!decision.isAccepted) return new AppError(REFUSAL[decision.reason], `bet ${bet.id} at ${request.receivedAtMs}`);
  // The rule the bet panel shows live: floor(stake × m), capped at the room's maximum win.
  return {
    multiplierX100: decision.multiplierX100,
    winPaise: crashRoomWinPaise(bet.room, bet.stake_paise, decision.multiplierX100),
  };
}
