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
