import type { CrashActivityItem } from '@mayur/contracts';

// How much live crash activity a room's watchers are sent (DESIGN.md §7: at most ten pushes a second).
// Every push goes to every watcher of the room, so sending every bet and cash-out to everyone costs
// watchers × bettors: at 5,000 players that was over 100 MB a second, which filled the sockets'
// buffers and held the take-off push ten seconds behind them. So a push carries at most
// ACTIVITY_MAX_ITEMS items, and a large room is pushed to less often: the bytes a room costs stay
// near one bound whatever its size, and what is sent is always real (a sample, never an invention).

/** A room's pushes come at most this often. */
export const ACTIVITY_FLUSH_MS = 100;
/** Each this many watchers add ACTIVITY_FLUSH_MS to the room's interval… */
export const ACTIVITY_WATCHERS_PER_STEP = 1_000;
/** …up to this interval. */
export const ACTIVITY_MAX_INTERVAL_MS = 1_000;
/** Items in one push at most: the newest cash-outs first, then the newest bets. */
export const ACTIVITY_MAX_ITEMS = 20;

/**
 * A node whose event loop was busy at least this share of the last flush period is answering bets and
 * cash-outs (or writing a take-off push): its activity pushes, which nobody waits on, give way. A
 * 5,000-watcher push holds the loop some 70 ms, in slices; a cash-out needs several turns of the loop,
 * each behind a slice, so one push in a burst of cash-outs put 80–120 ms on the answers that met it
 * (decision 0015). Half busy is already a burst: between rounds a node is under 10 %.
 */
export const ACTIVITY_BUSY_UTILIZATION = 0.5;
/** …for at most this long since the oldest item waiting was made, so a node busy for good still shows activity. */
export const ACTIVITY_BUSY_MAX_WAIT_MS = 3_000;

export type ActivityRoomState = {
  /** Watchers of the room on this node. */
  watchers: number;
  /** Since this node last pushed the room's activity (Infinity if never). */
  sinceLastPushMs: number;
  /** How long the oldest item gathered for the room has waited. */
  oldestWaitMs: number;
  /** The node's event-loop utilization over the last flush period, 0–1. */
  loopUtilization: number;
};

/** How long a room with this many watchers waits between activity pushes. */
export function activityIntervalMs(watchers: number): number {
  const steps = Math.max(1, Math.ceil(watchers / ACTIVITY_WATCHERS_PER_STEP));
  return Math.min(ACTIVITY_MAX_INTERVAL_MS, steps * ACTIVITY_FLUSH_MS);
}

/**
 * What one push carries of the items gathered since the last: all of them when they fit; otherwise
 * the newest cash-outs (the wins players watch for), then the newest bets, in the order they came.
 */
export function activityToPush(items: readonly CrashActivityItem[]): CrashActivityItem[] {
  if (items.length <= ACTIVITY_MAX_ITEMS) return [...items];
  const positions = items.map((item, position) => ({ item, position }));
  const newestFirst = [...positions].reverse();
  const chosen = [
    ...newestFirst.filter(({ item }) => item.kind === 'cashout'),
    ...newestFirst.filter(({ item }) => item.kind !== 'cashout'),
  ].slice(0, ACTIVITY_MAX_ITEMS);
  return chosen.sort((a, b) => a.position - b.position).map(({ item }) => item);
}

/**
 * Whether a room's gathered activity is pushed now: once its interval has passed (within half a flush),
 * unless the node is busy and the oldest item has not waited ACTIVITY_BUSY_MAX_WAIT_MS yet. Activity
 * pushes are the one fan-out nobody waits on: a 10,000-watcher push costs the node some 150–280 ms of
 * writing, which would otherwise land in a burst of cash-outs. The wait counts from the oldest item,
 * not from the last push: a room quiet for seconds before a burst (the take-off after the betting
 * window) would otherwise push at once, in the burst's first moments.
 */
export function isActivityPushDue(room: ActivityRoomState): boolean {
  if (room.sinceLastPushMs < activityIntervalMs(room.watchers) - ACTIVITY_FLUSH_MS / 2) return false;
  return room.loopUtilization < ACTIVITY_BUSY_UTILIZATION || room.oldestWaitMs >= ACTIVITY_BUSY_MAX_WAIT_MS;
}
