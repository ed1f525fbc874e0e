import { CRASH_ROOMS } from '@mayur/rules/crash-rooms';
import { crashStakeProblem } from '@mayur/rules/crash-rules';
import type { TCrashBet } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { BetRequest, CrashBetInput, StoredBet } from './crash-bet-batch.ts';
import { crashBatcherOf } from './crash-batcher.ts';
import { placementAt } from './crash-engine.ts';
import type { CrashEvents } from './crash-events.ts';
import { toEngineRound, type CrashRoundRow } from './crash-round-row.ts';

export type { CrashBetInput } from './crash-bet-batch.ts';

/**
 * Takes a crash bet by this server's receive time and the live round's row: during betting it joins
 * the round, otherwise it is queued for the next one (visible as such, cancellable until that round
 * flies). The stake moves at once from the player's cash to the room's account shard. Refused here: a
 * stake outside the room's bounds, a slot the room does not have, and (BUSY) any bet of a room whose
 * bets already waiting on this node reach the configured bound, so that a flood of bets cannot make the
 * database late for cash-outs. The rest is decided with the other requests of this node's next batch
 * (decision 0015), by the rules below; a player in a time-out, self-exclusion or past a loss limit is
 * refused there too (decision 0022), and so is a stake the player's cash cannot cover. A new bet is
 * news to the other players (the room's live list); a retry answered with the bet placed before is not.
 */
export async function placeCrashBet(
  ctx: AppContext,
  events: CrashEvents,
  userId: number,
  input: CrashBetInput,
  receivedAtMs: number,
): Promise<{ bet: TCrashBet; balance: string }> {
  const room = CRASH_ROOMS[input.room];
  const stakeProblem = crashStakeProblem(input.room, input.stakePaise);
  if (stakeProblem)
    throw new AppError(stakeProblem, `stake ${input.stakePaise} outside ${room.minBetPaise}..${room.maxBetPaise}`, {
      field: 'amount',
    });
  if (input.slot > room.slots)
    throw new AppError('INVALID_FIELD', `room ${input.room} has ${room.slots} slot(s)`, { field: 'slot' });
  const batcher = crashBatcherOf(ctx);
  const waiting = batcher.waitingBetsOf(input.room);
  if (waiting >= ctx.config.crash.betQueueLimit)
    throw new AppError('BUSY', `room ${input.room} has ${waiting} bets waiting on this node`);
  const { bet, balance, newBetPlayerName } = await batcher.placeBet(userId, input, receivedAtMs);
  if (newBetPlayerName !== null)
    events.emit('activity', {
      kind: 'bet',
      room: input.room,
      betId: bet.id,
      player: newBetPlayerName,
      amount: bet.amount,
      slot: bet.slot,
      roundId: bet.roundId,
    });
  return { bet, balance };
}

/** A bet received while the live round takes bets joins it; one received in flight waits for the next round. */
export function joinsLiveRound(round: CrashRoundRow, receivedAtMs: number): boolean {
  return placementAt(toEngineRound(round), receivedAtMs) === 'this-round';
}

/**
 * A bet whose row could not be inserted met a bet of the player's already: with the same request key
 * and the same content it is a retry, answered with that bet (null); with the same key and another
 * content it is IDEMPOTENCY_CONFLICT; else it met the live bet of its room and slot (a player has one
 * per slot until it is settled or cancelled): SLOT_TAKEN.
 */
export function refuseUnplacedBet(request: BetRequest, first: StoredBet | undefined): AppError | null {
  const { input } = request;
  if (!first)
    return new AppError('SLOT_TAKEN', `user ${request.userId} already has a live bet in ${input.room} slot ${input.slot}`, {
      field: 'slot',
    });
  const isSame =
    first.room === input.room &&
    first.slot === input.slot &&
    first.stake_paise === input.stakePaise &&
    first.auto_cashout_x100 === input.autoCashoutX100;
  return isSame ? null : new AppError('IDEMPOTENCY_CONFLICT', `request key ${input.requestKey} was used for another bet`);
}
