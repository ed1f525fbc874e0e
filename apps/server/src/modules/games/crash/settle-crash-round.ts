import { CRASH_ROOMS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import type { AppContext } from '../../../platform/context.ts';
import { HEARTBEAT_RECORD_FINAL_MS, wasAliveThroughout } from '../../../platform/heartbeat.ts';
import { payOut, type PayoutRow } from '../../wallet/ledger.ts';

/**
 * The SQL form of `crashWinPaise` (packages/contracts/src/crash-rules.ts): floor(stake × m / 100), bounded
 * by the room's maximum win. Settlement stays inside the database, so the rule is written once more here;
 * settle-crash-round.int.test.ts proves the two agree.
 */
export function crashWinSql(stakeSql: string, multiplierX100Sql: string, maxWinSql: string): string {
  return `least(${stakeSql} * ${multiplierX100Sql} / 100, ${maxWinSql}::bigint)`;
}

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
    const win = (maxWinParam: string) => crashWinSql('b.stake_paise', 'b.auto_cashout_x100', maxWinParam);

    // Each bet's outcome is written on its row, and what it is owed paid in this same transaction: in one
    // call per outcome, since the payout locks every account it pays at once.
    const autoWins = await tx.query<{ id: bigint; user_id: number; paise: bigint }>(
      `update crash_bets b set status = 'cashed_out', cashout_x100 = b.auto_cashout_x100, win_paise = ${win('$3')}
       where b.round_id = $1 and b.status = 'open' and b.auto_cashout_x100 < $2
       returning b.id, b.user_id, b.win_paise as paise`,
      [roundId, round.crash_point_x100, maxWin],
    );
    const autos = await payOut(
      { inTransaction: tx },
      { housePurpose: `room:${round.room}`, reason: 'payout', rows: autoWins.map((bet) => payoutRow('crash-win', bet)) },
    );
    if (wasInterrupted) {
      const refunds = await tx.query<{ id: bigint; user_id: number; paise: bigint }>(
        `update crash_bets set status = 'refunded' where round_id = $1 and status = 'open'
         returning id, user_id, stake_paise as paise`,
        [roundId],
      );
      await payOut(
        { inTransaction: tx },
        { housePurpose: `room:${round.room}`, reason: 'refund', rows: refunds.map((bet) => payoutRow('crash-refund', bet)) },
      );
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

/** What a bet is owed, as the wallet pays it: keyed by the bet, referring to the bet. */
function payoutRow(keyPrefix: 'crash-win' | 'crash-refund', bet: { id: bigint; user_id: number; paise: bigint }): PayoutRow {
  return {
    idempotencyKey: `${keyPrefix}:${bet.id}`,
    userId: bet.user_id,
    amountPaise: bet.paise,
    reference: `crash-bet:${bet.id}`,
  };
}
