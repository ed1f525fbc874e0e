import { CRASH_ROOMS, crashStakeProblem, formatMoney, type CrashRoomId, type TCrashBet } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { findPlayerAccounts, findPlayerBalances, shardedHouseAccountId } from '../../wallet/accounts.ts';
import { postTransfer } from '../../wallet/post-transfer.ts';
import { placementAt } from './crash-engine.ts';
import { findCrashBet, toCrashBetView } from './crash-bet-view.ts';
import { findLiveRound, toEngineRound } from './crash-round-row.ts';

export type CrashBetInput = {
  room: CrashRoomId;
  stakePaise: bigint;
  autoCashoutX100: number | null;
  slot: 1 | 2;
  /** Names the request: a retry with the same key returns the first bet. */
  requestKey?: string | undefined;
};

/** The bet a request key already placed, if any; the same key with other content is refused. */
async function replayedCrashBet(ctx: AppContext, userId: number, input: CrashBetInput) {
  if (!input.requestKey) return null;
  const rows = await ctx.db.query<{
    id: bigint;
    room: string;
    slot: number;
    stake_paise: bigint;
    auto_cashout_x100: number | null;
  }>('select id, room, slot, stake_paise, auto_cashout_x100 from crash_bets where user_id = $1 and request_key = $2', [
    userId,
    input.requestKey,
  ]);
  const existing = rows[0];
  if (!existing) return null;
  const isSame =
    existing.room === input.room &&
    existing.slot === input.slot &&
    existing.stake_paise === input.stakePaise &&
    existing.auto_cashout_x100 === input.autoCashoutX100;
  if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT', `request key ${input.requestKey} was used for another bet`);
  const balances = await findPlayerBalances(ctx.db, userId);
  return { bet: toCrashBetView(await findCrashBet(ctx.db, existing.id)), balance: formatMoney(balances.cashPaise) };
}

/**
 * Takes a crash bet by this server's receive time and the live round's row: during betting it joins
 * the round, otherwise it is queued for the next one (visible as such, cancellable until that round
 * flies). The stake moves at once from the player's cash to the room's account shard.
 */
export async function placeCrashBet(
  ctx: AppContext,
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
  const replayed = await replayedCrashBet(ctx, userId, input);
  if (replayed) return replayed;
  const houseId = await shardedHouseAccountId(ctx.db, `room:${input.room}`, userId);

  const betId = await ctx.db
    .transaction(async (tx) => {
      // Share-locked: the round cannot be settled or replaced while this bet joins it.
      const live = await findLiveRound(tx, input.room, 'for share');
      const joinsRound = live !== null && placementAt(toEngineRound(live), receivedAtMs) === 'this-round';
      const inserted = await tx.query<{ id: bigint }>(
        `insert into crash_bets (room, round_id, user_id, slot, stake_paise, auto_cashout_x100, status, request_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict do nothing
       returning id`,
        [
          input.room,
          joinsRound ? live!.id : null,
          userId,
          input.slot,
          input.stakePaise,
          input.autoCashoutX100,
          joinsRound ? 'open' : 'queued',
          input.requestKey ?? null,
        ],
      );
      if (!inserted[0])
        throw new AppError('SLOT_TAKEN', `user ${userId} already has a live bet in ${input.room} slot ${input.slot}`, {
          field: 'slot',
        });
      const accounts = await findPlayerAccounts(tx, userId);
      await postTransfer(tx, {
        idempotencyKey: `crash-bet:${inserted[0].id}`,
        debitAccountId: accounts.cashAccountId,
        creditAccountId: houseId,
        amountPaise: input.stakePaise,
        reason: 'bet',
        reference: `crash-bet:${inserted[0].id}`,
      });
      return inserted[0].id;
    })
    .catch(async (error: unknown) => {
      // A parallel retry with the same key won the slot: answer with its bet.
      if (error instanceof AppError && error.code === 'SLOT_TAKEN' && input.requestKey) return null;
      throw error;
    });
  if (betId === null) {
    const first = await replayedCrashBet(ctx, userId, input);
    if (first) return first;
    throw new AppError('SLOT_TAKEN', `user ${userId} already has a live bet in ${input.room} slot ${input.slot}`, {
      field: 'slot',
    });
  }
  const balances = await findPlayerBalances(ctx.db, userId);
  return { bet: toCrashBetView(await findCrashBet(ctx.db, betId)), balance: formatMoney(balances.cashPaise) };
}
