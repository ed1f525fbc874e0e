import { crashPointX100, roundDigest } from '@mayur/fairness';
import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import type { AppContext } from '../../../platform/context.ts';
import { createChain, findSeed, takeChainIndex } from '../../fairness/chains.ts';
import { newRound } from './crash-engine.ts';

/**
 * Opens a room's next round at `nowMs`: takes the next chain index, fixes the crash point from that
 * seed and the chain's salt, stores it, and moves the room's queued bets onto the round. The partial
 * unique index (one live round per room) makes a second opener fail instead of doubling rounds.
 */
export async function openCrashRound(
  ctx: AppContext,
  room: CrashRoomId,
  nowMs: number,
): Promise<{ id: bigint; queued: number } | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const opened = await ctx.db.transaction(async (tx) => {
      const live = await tx.query("select 1 from crash_rounds where room = $1 and state = 'live'", [room]);
      if (live.length > 0) return { id: -1n, queued: 0 };
      const taken = await takeChainIndex(tx, room);
      if (!taken) return null;
      const seed = await findSeed(tx, taken.chainId, taken.chainIndex);
      const [chain] = await tx.query<{ salt: string; edge: number }>('select salt, edge from fair_chains where id = $1', [
        taken.chainId,
      ]);
      const point = crashPointX100(roundDigest(seed, chain!.salt), BigInt(chain!.edge));
      const round = newRound(point, nowMs);
      const [row] = await tx.query<{ id: bigint }>(
        `insert into crash_rounds (room, chain_id, chain_index, crash_point_x100, betting_starts_at, flying_at, crash_at, next_round_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          room,
          taken.chainId,
          taken.chainIndex,
          point,
          new Date(round.bettingStartsAtMs),
          new Date(round.flyingAtMs),
          new Date(round.crashAtMs),
          new Date(round.nextRoundAtMs),
        ],
      );
      const queued = await tx.query(
        "update crash_bets set round_id = $2, status = 'open' where room = $1 and status = 'queued' returning id",
        [room, row!.id],
      );
      return { id: row!.id, queued: queued.length };
    });
    if (opened) return opened.id === -1n ? null : opened;
    await createChain(ctx.db, 'crash', room, ctx.config.chains.roundsPerChain);
  }
  throw new Error(`crash room ${room} could not get a chain index`);
}
