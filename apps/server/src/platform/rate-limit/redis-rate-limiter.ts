import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter.ts';

// INCR and the first PEXPIRE run as one script, so a window can never lose its expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

// Never below zero, and the window keeps its expiry (DECR leaves the TTL alone).
const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export async function redisRateLimiter(url: string, keyPrefix = 'mayur:rl:'): Promise<RateLimiter> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  await redis.connect();
  return {
    async hit(key, limit, windowMs) {
      const [count, ttlMs] = (await redis.eval(HIT_SCRIPT, 1, keyPrefix + key, String(windowMs))) as [number, number];
      return { isAllowed: count <= limit, count, retryAfterMs: Math.max(0, ttlMs) };
    },
    async count(key) {
      return Number((await redis.get(keyPrefix + key)) ?? 0);
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, keyPrefix + key);
    },
    async reset(key) {
      await redis.del(keyPrefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
