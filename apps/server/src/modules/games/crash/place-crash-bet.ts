import { CRASH_ROOMS, crashStakeProblem } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { CrashBetInput, PlacedCrashBet } from './crash-bet-batch.ts';
import { crashBatcherOf } from './crash-batcher.ts';

export type { CrashBetInput } from './crash-bet-batch.ts';

/**
 * Takes a crash bet by this server's receive time and the live round's row: during betting it joins
 * the round, otherwise it is queued for the next one (visible as such, cancellable until that round
 * flies). The stake moves at once from the player's cash to the room's account shard. Bad input is
 * refused here; the rest is decided with the other requests of this node's next batch (decision 0015),
 * or refused at once with BUSY when too many bets already wait for the room on this node.
 */
export async function placeCrashBet(
  ctx: AppContext,
  userId: number,
  input: CrashBetInput,
  receivedAtMs: number,
): Promise<PlacedCrashBet> {
  const room = CRASH_ROOMS[input.room];
  const stakeProblem = crashStakeProblem(input.room, input.stakePaise);
  if (stakeProblem)
    throw new AppError(stakeProblem, `stake ${input.stakePaise} outside ${room.minBetPaise}..${room.maxBetPaise}`, {
      field: 'amount',
    });
  if (input.slot > room.slots)
    throw new AppError('INVALID_FIELD', `room ${input.room} has ${room.slots} slot(s)`, { field: 'slot' });
  return crashBatcherOf(ctx).placeBet(userId, input, receivedAtMs);
}
