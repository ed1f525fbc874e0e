import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { GroupCommitLane } from './group-commit.ts';

// The lane's gathering: what arrives while its batch is in flight is the next batch.

type Applied = { requests: number[]; finish(): void };

function recordingLane() {
  const applied: Applied[] = [];
  const lane = new GroupCommitLane<number, number>({ windowMs: 0, limit: 100 }, (requests) => {
    return new Promise((resolve) =>
      applied.push({ requests: [...requests], finish: () => resolve(requests.map((r) => r * 10)) }),
    );
  });
  return { lane, applied };
}

describe('a group-commit lane', () => {
  it('applies one batch at a time by default: what arrives meanwhile waits and goes as one batch', async () => {
    const { lane, applied } = recordingLane();
    const first = lane.submit(1);
    await nextTurn();
    const later = [lane.submit(2), lane.submit(3)];
    await nextTurn();
    expect(applied.map((batch) => batch.requests)).toEqual([[1]]);
    applied[0]!.finish();
    expect(await first).toBe(10);
    await nextTurn();
    expect(applied.map((batch) => batch.requests)).toEqual([[1], [2, 3]]);
    applied[1]!.finish();
    expect(await Promise.all(later)).toEqual([20, 30]);
  });
});
