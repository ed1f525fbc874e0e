import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

describe('one at a time', () => {
  it('runs the tasks of one key in order without overlap, other keys alongside, and goes on after a failure', async () => {
    const run = oneAtATime();
    const events: string[] = [];
    let release!: () => void;
    const first = run('a', async () => {
      events.push('a1 start');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('a1 end');
      throw new Error('a1 failed');
    });
    const second = run('a', async () => {
      events.push('a2');
      return 2;
    });
    const other = run('b', async () => {
      events.push('b1');
      return 'b';
    });
    expect(await other).toBe('b');
    expect(events).toEqual(['a1 start', 'b1']);
    release();
    await expect(first).rejects.toThrow('a1 failed');
    expect(await second).toBe(2);
    expect(events).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });
});
