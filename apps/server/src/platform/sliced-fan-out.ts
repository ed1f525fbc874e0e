import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Namespace } from 'socket.io';

// A push to a room is written to each of its sockets, one system call each (with Socket.IO's work per
// socket about 28 µs of CPU here, from a 10,000-player profile: 3.6 s over some 130,000 socket writes):
// a room of 5,000 watchers held the event loop for some 140 ms per push, and every cash-out that arrived
// meanwhile waited that long for its answer (decision 0015, session 8). So a node writes a push to its
// own sockets in slices, one slice per turn of the event loop, and the HTTP requests that arrived
// during a slice are answered before the next. Pushes leave in the order they were made, every slice
// of one before the first of the next, so each socket still sees a room's events in order.

/** Sockets written per turn of the event loop: about 20 ms of writing. */
export const FAN_OUT_SLICE_SOCKETS = 500;

type Push = { nsp: Namespace; room: string; event: string; data: unknown };

export class SlicedFanOut {
  private readonly queue: Push[] = [];
  private isRunning = false;
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly sliceSockets = FAN_OUT_SLICE_SOCKETS,
  ) {}

  /**
   * Writes `event` to this node's sockets in `room`. A room that fits in one slice, with nothing
   * queued before it, is written at once; a larger one goes on over the next turns.
   */
  push(nsp: Namespace, room: string, event: string, data: unknown): void {
    this.queue.push({ nsp, room, event, data });
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
      for (let push = this.queue.shift(); push; push = this.queue.shift()) {
        const members = push.nsp.adapter.rooms.get(push.room);
        if (!members) continue;
        // The room as it was when its turn came; a socket that leaves it meanwhile is skipped below.
        const ids = [...members];
        for (let start = 0; start < ids.length; start += this.sliceSockets) {
          if (!isFirstSlice) await nextTurn();
          isFirstSlice = false;
          const stillIn = push.nsp.adapter.rooms.get(push.room);
          const slice = ids.slice(start, start + this.sliceSockets).filter((id) => stillIn?.has(id));
          // Each socket is in a room named by its id; `local`: this node's sockets only.
          if (slice.length > 0) push.nsp.local.to(slice).emit(push.event, push.data);
        }
      }
    } finally {
      // After a failed write the pushes still queued go out with the next push.
      this.isRunning = false;
    }
  }
}
