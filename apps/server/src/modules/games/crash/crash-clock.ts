import { CRASH_ROOM_IDS } from '@mayur/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { CrashEvents } from './crash-events.ts';
import { findLiveRound } from './crash-round-row.ts';
import { openCrashRound } from './open-crash-round.ts';
import { settleCrashRound } from './settle-crash-round.ts';

const announcedFlights = new Set<string>();
const MAX_ANNOUNCED = 1_000;

/**
 * One step of the crash clock at `nowMs`, for every room: settle the live round once it has crashed,
 * open the next one when the pause after the last crash is over, and announce take-off. Rounds left
 * live by a dead process are settled by the next step under the interrupted-round rule.
 */
export async function tickCrash(ctx: AppContext, events: CrashEvents, nowMs: number): Promise<void> {
  for (const room of CRASH_ROOM_IDS) {
    let live = await findLiveRound(ctx.db, room);
    if (live && live.crash_at.getTime() <= nowMs) {
      const settled = await settleCrashRound(ctx, live.id, nowMs);
      if (settled) {
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
      }
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
    if (live && live.flying_at.getTime() <= nowMs && !announcedFlights.has(String(live.id))) {
      if (announcedFlights.size >= MAX_ANNOUNCED) announcedFlights.clear();
      announcedFlights.add(String(live.id));
      events.emit('flying', { room, roundId: String(live.id), flyingAtMs: live.flying_at.getTime() });
    }
  }
}
