import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Namespace } from 'socket.io';

// A push to a room is written to each of its sockets, one system call each (with Socket.IO's work per
// socket about 28 µs of CPU here, from a 10,000-player profile: 3.6 s over some 130,000 socket writes):
// a room of 5,000 watchers held the event loop for some 140 ms per push, and every cash-out that arrived
// meanwhile waited that long for its answer (decision 0015). So a node writes a push to its
// own sockets in slices, one slice per turn of the event loop, and the HTTP requests that arrived
// during a slice are answered before the next. Pushes players wait on (a round's start, take-off,
// crash) leave in the order they were made, every slice of one before the first of the next, so each
// socket sees a room's game events in order. A background push (live activity, which nobody waits on)
// gives way: one made later than a take-off goes after it, and one being written pauses between slices
// while a push players wait on goes out (measured: an activity push at the start of a cash-out burst
// held the take-off push 300 ms behind it).

/** Sockets written per turn of the event loop for a push players wait on (a round's start, take-off, crash): 7–14 ms of writing. */
export const FAN_OUT_SLICE_SOCKETS = 500;
/**
 * Sockets written per turn for a push nobody waits on (live activity): 1.5–3 ms of writing. A cash-out
 * takes several turns of the loop (its request, its batch's statement, the answer), each of which
 * may wait behind one slice, so a 5,000-watcher activity push in 500-socket slices put 50–100 ms on
 * the cash-outs it met; in 100-socket slices it puts a fifth of that (decision 0015).
 */
export const FAN_OUT_BACKGROUND_SLICE_SOCKETS = 100;

type Push = {
  nsp: Namespace;
  room: string;
  event: string;
  data: unknown;
  sliceSockets: number;
  /** The room's sockets when the push's first slice was written; undefined until then. */
  ids?: string[];
  /** Where the next slice starts in `ids`. */
  next: number;
};

export class SlicedFanOut {
  private readonly foreground: Push[] = [];
  private readonly background: Push[] = [];
  private isRunning = false;
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly sliceSockets = FAN_OUT_SLICE_SOCKETS,
    private readonly backgroundSliceSockets = FAN_OUT_BACKGROUND_SLICE_SOCKETS,
  ) {}

  /**
   * Writes `event` to this node's sockets in `room`. A room that fits in one slice, with nothing
   * queued before it, is written at once; a larger one goes on over the next turns. `isBackground`:
   * nobody waits on this push, so it is written in smaller slices and gives way to the others.
   */
  push(nsp: Namespace, room: string, event: string, data: unknown, isBackground = false): void {
    const queue = isBackground ? this.background : this.foreground;
    queue.push({ nsp, room, event, data, sliceSockets: isBackground ? this.backgroundSliceSockets : this.sliceSockets, next: 0 });
    if (!this.isRunning) this.idle = this.run().catch(this.onError);
  }

  /** Resolves when every push made so far has been written. */
  drained(): Promise<void> {
    return this.idle;
  }

  private async run(): Promise<void> {
    this.isRunning = true;
    try {
      let isFirstSlice = true;
      for (;;) {
        // The queue is chosen after the turn: a push players wait on made meanwhile goes first.
        if (!isFirstSlice) await nextTurn();
        const queue = this.foreground.length > 0 ? this.foreground : this.background;
        const push = queue[0];
        if (!push) return;
        // The room as it was when its turn came; a socket that leaves it meanwhile is skipped below.
        push.ids ??= [...(push.nsp.adapter.rooms.get(push.room) ?? [])];
        const start = push.next;
        push.next += push.sliceSockets;
        // Taken off its queue before writing, so a failed write does not repeat.
        if (push.next >= push.ids.length) queue.shift();
        if (start >= push.ids.length) continue;
        isFirstSlice = false;
        const stillIn = push.nsp.adapter.rooms.get(push.room);
        const slice = push.ids.slice(start, push.next).filter((id) => stillIn?.has(id));
        // Each socket is in a room named by its id; `local`: this node's sockets only.
        if (slice.length > 0) push.nsp.local.to(slice).emit(push.event, push.data);
      }
    } finally {
      // After a failed write the pushes still queued go out with the next push.
      this.isRunning = false;
    }
  }
}
