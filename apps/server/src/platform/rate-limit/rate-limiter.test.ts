import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './rate-limiter.ts';

describe('memory rate limiter', () => {
  it('allows up to the limit in a window, then refuses until the window ends', async () => {
    let now = 1_000;
    const limiter = memoryRateLimiter(() => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k', 3, 60_000));
    expect(results.map((result) => result.isAllowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterMs).toBe(60_000);
    now += 60_000;
    expect((await limiter.hit('k', 3, 60_000)).isAllowed).toBe(true);
  });

  it('counts keys apart and forgets a key on reset', async () => {
    const limiter = memoryRateLimiter(() => 0);
    await limiter.hit('a', 1, 1_000);
    expect((await limiter.hit('a', 1, 1_000)).isAllowed).toBe(false);
    expect((await limiter.hit('b', 1, 1_000)).isAllowed).toBe(true);
    await limiter.reset('a');
    expect((await limiter.hit('a', 1, 1_000)).isAllowed).toBe(true);
  });

  it('takes back one hit on forgive, never below zero, and keeps the window', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    await limiter.hit('k', 2, 1_000);
    await limiter.hit('k', 2, 1_000);
    await limiter.forgive('k');
    expect(await limiter.count('k')).toBe(1);
    expect((await limiter.hit('k', 2, 1_000)).isAllowed).toBe(true);
    expect((await limiter.hit('k', 2, 1_000)).isAllowed).toBe(false);
    await limiter.forgive('unknown');
    expect(await limiter.count('unknown')).toBe(0);
    now = 1_000;
    expect(await limiter.count('k')).toBe(0);
  });
});
