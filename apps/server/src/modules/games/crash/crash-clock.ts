import { CRASH_ROOM_IDS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import type { AppContext } from '../../../platform/context.ts';
import { pruneHeartbeats } from '../../../platform/heartbeat.ts';
import type { CrashEvents } from './crash-events.ts';
import { findLiveRound } from './crash-round-row.ts';
import { openCrashRound } from './open-crash-round.ts';
import { settleCrashRound } from './settle-crash-round.ts';

/** Heartbeat intervals are kept this long, and longer while an unsettled round's flight needs them. */
const HEARTBEAT_RETENTION_MS = 60 * 60_000;

/**
 * One step of the crash clock at `nowMs`, for every room: settle the live round once it has crashed,
 * open the next one when the pause after the last crash is over, and announce take-off once per round
 * (whichever node leads). Rounds left live by a dead process are settled by the next step, under the
 * interrupted-round rule when the heartbeats show that no node was serving during their flight.
 */
export async function tickCrash(ctx: AppContext, events: CrashEvents, nowMs: number): Promise<void> {
  for (const room of CRASH_ROOM_IDS) {
    let live = await findLiveRound(ctx.db, room);
    if (live && live.crash_at.getTime() <= nowMs) {
      const settled = await settleCrashRound(ctx, live.id, nowMs);
      // Not settled: another node did it, or the heartbeat record of the flight is not final yet.
      if (!settled) continue;
      events.emit('crashed', {
        room,
        roundId: String(settled.roundId),
        crashPointX100: settled.crashPointX100,
        seed: settled.seed,
        wasInterrupted: settled.wasInterrupted,
      });
      ctx.log.info(
        {
          room,
          roundId: String(settled.roundId),
          crashPointX100: settled.crashPointX100,
          wasInterrupted: settled.wasInterrupted,
        },
        'crash round settled',
      );
      await pruneOldHeartbeats(ctx, nowMs);
      live = null;
    }
    if (!live) {
      const [last] = await ctx.db.query<{ next_round_at: Date }>(
        "select next_round_at from crash_rounds where room = $1 and state = 'settled' order by id desc limit 1",
        [room],
      );
      if (!last || last.next_round_at.getTime() <= nowMs) {
        const opened = await openCrashRound(ctx, room, nowMs);
        if (opened) {
          live = await findLiveRound(ctx.db, room);
          events.emit('round', {
            room,
            roundId: String(opened.id),
            bettingStartsAtMs: live!.betting_starts_at.getTime(),
            flyingAtMs: live!.flying_at.getTime(),
          });
        }
      }
    }
    if (live && !live.flying_announced && live.flying_at.getTime() <= nowMs) await announceFlying(ctx, events, live.id, room);
  }
}

/** The take-off push, once per round across leaders: only the step that flips the stored flag sends it. */
async function announceFlying(ctx: AppContext, events: CrashEvents, roundId: bigint, room: CrashRoomId): Promise<void> {
  const [flipped] = await ctx.db.query<{ flying_at: Date }>(
    'update crash_rounds set flying_announced = true where id = $1 and not flying_announced returning flying_at',
    [roundId],
  );
  if (flipped) events.emit('flying', { room, roundId: String(roundId), flyingAtMs: flipped.flying_at.getTime() });
}

async function pruneOldHeartbeats(ctx: AppContext, nowMs: number): Promise<void> {
  const [oldest] = await ctx.db.query<{ flying_at: Date | null }>(
    "select min(flying_at) as flying_at from crash_rounds where state = 'live'",
  );
  const neededSinceMs = Math.min(nowMs, oldest?.flying_at?.getTime() ?? nowMs);
  await pruneHeartbeats(ctx.db, neededSinceMs - HEARTBEAT_RETENTION_MS);
}
