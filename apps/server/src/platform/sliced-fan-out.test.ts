import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Namespace } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { SlicedFanOut } from './sliced-fan-out.ts';

// The slicing itself, against a namespace that records what it is asked to write (the real Socket.IO
// path, across nodes, is in deployment-name.int.test.ts and crash-realtime.int.test.ts).

type Write = { ids: string[]; event: string };

function recordingNamespace(rooms: Record<string, string[]>) {
  const writes: Write[] = [];
  const roomSets = new Map(Object.entries(rooms).map(([room, ids]) => [room, new Set(ids)]));
  const nsp = {
    adapter: { rooms: roomSets },
    local: { to: (ids: string[]) => ({ emit: (event: string) => void writes.push({ ids: [...ids], event }) }) },
  };
  return { nsp: nsp as unknown as Namespace, writes, roomSets };
}

const sockets = (count: number) => Array.from({ length: count }, (_, index) => `s${index}`);
const failOnError = (error: unknown) => {
  throw error;
};

describe('a push written in slices', () => {
  it('writes a small room at once, in the same turn', () => {
    const { nsp, writes } = recordingNamespace({ limbo: sockets(3) });
    new SlicedFanOut(failOnError, 3).push(nsp, 'limbo', 'flying', {});
    expect(writes).toEqual([{ ids: ['s0', 's1', 's2'], event: 'flying' }]);
  });

  it('writes a large room one slice per turn of the event loop, so I/O is served between slices', async () => {
    const { nsp, writes } = recordingNamespace({ limbo: sockets(5) });
    const fanOut = new SlicedFanOut(failOnError, 2);
    fanOut.push(nsp, 'limbo', 'flying', {});
    const slicesWritten = [writes.length];
    // Each slice waits for the loop's check phase; the poll phase (sockets, HTTP) runs before each.
    for (let turn = 0; turn < 3; turn++) {
      await nextTurn();
      slicesWritten.push(writes.length);
    }
    expect(slicesWritten).toEqual([1, 2, 3, 3]);
    expect(writes.map((write) => write.ids)).toEqual([['s0', 's1'], ['s2', 's3'], ['s4']]);
  });

  it('writes a background push (activity) in smaller slices, and lets a push players wait on overtake it between slices', async () => {
    const { nsp, writes } = recordingNamespace({ limbo: sockets(4) });
    const fanOut = new SlicedFanOut(failOnError, 4, 1);
    fanOut.push(nsp, 'limbo', 'activity', { n: 1 }, true);
    fanOut.push(nsp, 'limbo', 'activity', { n: 2 }, true);
    fanOut.push(nsp, 'limbo', 'flying', {});
    await nextTurn();
    fanOut.push(nsp, 'limbo', 'crashed', {});
    await fanOut.drained();
    expect(writes).toEqual([
      { ids: ['s0'], event: 'activity' },
      { ids: ['s0', 's1', 's2', 's3'], event: 'flying' },
      { ids: ['s0', 's1', 's2', 's3'], event: 'crashed' },
      { ids: ['s1'], event: 'activity' },
      { ids: ['s2'], event: 'activity' },
      { ids: ['s3'], event: 'activity' },
      { ids: ['s0'], event: 'activity' },
      { ids: ['s1'], event: 'activity' },
      { ids: ['s2'], event: 'activity' },
      { ids: ['s3'], event: 'activity' },
    ]);
  });

  it('keeps pushes in order: every slice of one before the first of the next', async () => {
    const { nsp, writes } = recordingNamespace({ limbo: sockets(3), 'wingo-1': ['s0'] });
    const fanOut = new SlicedFanOut(failOnError, 2);
    fanOut.push(nsp, 'limbo', 'round', {});
    fanOut.push(nsp, 'wingo-1', 'period', {});
    fanOut.push(nsp, 'limbo', 'flying', {});
    await fanOut.drained();
    expect(writes).toEqual([
      { ids: ['s0', 's1'], event: 'round' },
      { ids: ['s2'], event: 'round' },
      { ids: ['s0'], event: 'period' },
      { ids: ['s0', 's1'], event: 'flying' },
      { ids: ['s2'], event: 'flying' },
    ]);
  });

  it('skips a socket that left the room before its slice, and a room nobody watches', async () => {
    const { nsp, writes, roomSets } = recordingNamespace({ limbo: sockets(4) });
    const fanOut = new SlicedFanOut(failOnError, 2);
    fanOut.push(nsp, 'nobody-here', 'round', {});
    fanOut.push(nsp, 'limbo', 'round', {});
    roomSets.get('limbo')!.delete('s3');
    await nextTurn();
    await fanOut.drained();
    expect(writes.map((write) => write.ids)).toEqual([['s0', 's1'], ['s2']]);
  });

  it('reports a failed write and goes on with the next push', async () => {
    const { nsp, writes } = recordingNamespace({ limbo: sockets(2) });
    const errors: unknown[] = [];
    const fanOut = new SlicedFanOut((error) => errors.push(error), 2);
    const broken = {
      adapter: nsp.adapter,
      local: {
        to: () => ({
          emit: () => {
            throw new Error('socket gone');
          },
        }),
      },
    };
    fanOut.push(broken as unknown as Namespace, 'limbo', 'round', {});
    await fanOut.drained();
    fanOut.push(nsp, 'limbo', 'flying', {});
    await fanOut.drained();
    expect(errors).toEqual([new Error('socket gone')]);
    expect(writes).toEqual([{ ids: ['s0', 's1'], event: 'flying' }]);
  });
});
