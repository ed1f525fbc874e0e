import { CRASH_ROOMS, type CrashRoomId } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { HEARTBEAT_RECORD_FINAL_MS, wasAliveThroughout } from '../../../platform/heartbeat.ts';
import { HOUSE_SHARD_COUNT } from '../../wallet/accounts.ts';
import { postTransfersFromQuery } from '../../wallet/post-transfers.ts';

export type SettledCrashRound = {
  room: CrashRoomId;
  roundId: bigint;
  crashPointX100: number;
  seed: string;
  wasInterrupted: boolean;
  autoWinners: number;
};

/**
 * Settles a crashed round once (guarded by its state). Open bets whose automatic target is below the
 * crash point are paid at exactly that target; every other open bet loses, however late the round is
 * settled. Only when no node was serving for part of the flight (a gap in the recorded heartbeats) is
 * the round void: those other open bets are refunded instead (decision 0008). A gap is acted on only
 * once the heartbeat record of the flight is final; until then the round waits (null is returned).
 * Set-based: one query per outcome, whatever the number of bets.
 */
export async function settleCrashRound(ctx: AppContext, roundId: bigint, nowMs: number): Promise<SettledCrashRound | null> {
  return ctx.db.transaction(async (tx) => {
    const [round] = await tx.query<{
      room: CrashRoomId;
      crash_point_x100: number;
      flying_at: Date;
      crash_at: Date;
      chain_id: number;
      chain_index: number;
    }>(
      `select room, crash_point_x100, flying_at, crash_at, chain_id, chain_index from crash_rounds
       where id = $1 and state = 'live' and crash_at <= $2 for update`,
      [roundId, new Date(nowMs)],
    );
    if (!round) return null;
    const crashAtMs = round.crash_at.getTime();
    const wasServed = await wasAliveThroughout(tx, round.flying_at.getTime(), crashAtMs);
    if (!wasServed && nowMs < crashAtMs + HEARTBEAT_RECORD_FINAL_MS) return null;
    const wasInterrupted = !wasServed;
    await tx.query("update crash_rounds set state = 'settled', settled_at = $2, was_interrupted = $3 where id = $1", [
      roundId,
      new Date(nowMs),
      wasInterrupted,
    ]);
    const maxWin = CRASH_ROOMS[round.room].maxWinPaise;
    const houseJoin = `join ledger_accounts house on house.purpose = $2 || '#' || (b.user_id % ${HOUSE_SHARD_COUNT})::text
                       join ledger_accounts cash on cash.user_id = b.user_id and cash.kind = 'cash'`;
    const win = (maxWinParam: string) => `least(b.stake_paise * b.auto_cashout_x100 / 100, ${maxWinParam}::bigint)`;

    const autos = await postTransfersFromQuery(
      tx,
      `select 'crash-win:' || b.id, house.id, cash.id, ${win('$4')}, 'payout', 'crash-bet:' || b.id
       from crash_bets b ${houseJoin}
       where b.round_id = $1 and b.status = 'open' and b.auto_cashout_x100 < $3`,
      [roundId, `room:${round.room}`, round.crash_point_x100, maxWin],
    );
    await tx.query(
      `update crash_bets b set status = 'cashed_out', cashout_x100 = b.auto_cashout_x100, win_paise = ${win('$3')}
       where b.round_id = $1 and b.status = 'open' and b.auto_cashout_x100 < $2`,
      [roundId, round.crash_point_x100, maxWin],
    );
    if (wasInterrupted) {
      await postTransfersFromQuery(
        tx,
        `select 'crash-refund:' || b.id, house.id, cash.id, b.stake_paise, 'refund', 'crash-bet:' || b.id
         from crash_bets b ${houseJoin}
         where b.round_id = $1 and b.status = 'open'`,
        [roundId, `room:${round.room}`],
      );
      await tx.query("update crash_bets set status = 'refunded' where round_id = $1 and status = 'open'", [roundId]);
    } else {
      await tx.query("update crash_bets set status = 'lost' where round_id = $1 and status = 'open'", [roundId]);
    }
    const [seed] = await tx.query<{ seed: string }>('select seed from fair_seeds where chain_id = $1 and chain_index = $2', [
      round.chain_id,
      round.chain_index,
    ]);
    return {
      room: round.room,
      roundId,
      crashPointX100: round.crash_point_x100,
      seed: seed!.seed,
      wasInterrupted,
      autoWinners: autos.postedCount,
    };
  });
}
