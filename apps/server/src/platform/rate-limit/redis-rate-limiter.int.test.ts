import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redisRateLimiter } from './redis-rate-limiter.ts';

// Runs against the real Redis of REDIS_URL (CI sets it); without it there is no Redis to test.
describe.runIf(Boolean(process.env.REDIS_URL))('redis rate limiter', () => {
  it('shares one window between two nodes and expires it', async () => {
    const prefix = `mayur:test:${randomBytes(4).toString('hex')}:`;
    const nodeA = await redisRateLimiter(process.env.REDIS_URL!, prefix);
    const nodeB = await redisRateLimiter(process.env.REDIS_URL!, prefix);
    try {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? nodeA : nodeB).hit('shared', 4, 300)));
      expect(results.filter((result) => result.isAllowed)).toHaveLength(4);
      expect(results.every((result) => result.retryAfterMs <= 300)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await nodeA.hit('shared', 4, 300)).isAllowed).toBe(true);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  it('forgives one hit without going below zero or losing the expiry', async () => {
    const limiter = await redisRateLimiter(process.env.REDIS_URL!, `mayur:test:${randomBytes(4).toString('hex')}:`);
    try {
      await limiter.hit('failures', 2, 300);
      await limiter.hit('failures', 2, 300);
      await limiter.forgive('failures');
      expect(await limiter.count('failures')).toBe(1);
      await limiter.forgive('failures');
      await limiter.forgive('failures');
      expect(await limiter.count('failures')).toBe(0);
      await limiter.forgive('never-hit');
      expect(await limiter.count('never-hit')).toBe(0);
      await limiter.hit('failures', 2, 300);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await limiter.count('failures')).toBe(0);
    } finally {
      await limiter.close();
    }
  });
});
