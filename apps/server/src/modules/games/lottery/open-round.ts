import { LOTTERY_ROOMS, type LotteryRoom, type PeriodSlot } from '@mayur/rules/lottery-rooms';
import type { AppContext } from '../../../platform/context.ts';
import { createChain, takeChainIndex } from '../../fairness/chains.ts';

/**
 * Opens the round of a period if it does not exist yet, taking the next index of the room's chain
 * (a new chain is generated and committed when the room has none or has used it up). Only the game
 * clock calls this; the period is unique, so a second attempt changes nothing.
 */
export async function openRound(ctx: AppContext, room: LotteryRoom, slot: PeriodSlot): Promise<boolean> {
  const existing = await ctx.db.query('select 1 from lottery_rounds where period = $1', [slot.period]);
  if (existing.length > 0) return false;
  for (let attempt = 0; attempt < 2; attempt++) {
    const opened = await ctx.db
      .transaction(async (tx) => {
        const taken = await takeChainIndex(tx, room);
        if (!taken) return null;
        const inserted = await tx.query(
          `insert into lottery_rounds (room, period, starts_at, betting_closes_at, ends_at, chain_id, chain_index)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (period) do nothing returning id`,
          [
            room,
            slot.period,
            new Date(slot.startsAtMs),
            new Date(slot.bettingClosesAtMs),
            new Date(slot.endsAtMs),
            taken.chainId,
            taken.chainIndex,
          ],
        );
        // Someone else opened it meanwhile: roll back so the chain index is not spent.
        if (inserted.length === 0) throw new AlreadyOpened();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyOpened) return false;
        throw error;
      });
    if (opened !== null) return opened;
    await createChain(ctx.db, LOTTERY_ROOMS[room].game, room, ctx.config.chains.roundsPerChain);
  }
  throw new Error(`room ${room} could not get a chain index`);
}

class AlreadyOpened extends Error {}
