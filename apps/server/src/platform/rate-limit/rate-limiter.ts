// Fixed-window counters: in memory for a single embedded node, in Redis when REDIS_URL is set so that
// every node of a served deployment shares the same counts.

export type RateLimitResult = { isAllowed: boolean; count: number; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one hit on `key` and says whether it is within `limit` hits per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Hits counted on `key` in its current window, without counting one. */
  count(key: string): Promise<number>;
  /**
   * Takes back one hit on `key` in its current window: a limit that counts only failures counts every
   * attempt before it is checked (so parallel attempts are bounded too) and forgives the ones that succeed.
   */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

const MAX_MEMORY_KEYS = 100_000;

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAtMs: number }>();
  function sweep(nowMs: number) {
    for (const [key, window] of windows) if (window.resetAtMs <= nowMs) windows.delete(key);
  }
  return {
    async hit(key, limit, windowMs) {
      const nowMs = now();
      let window = windows.get(key);
      if (!window || window.resetAtMs <= nowMs) {
        // Bounded memory: an attacker cycling keys cannot grow the map without limit.
        if (windows.size >= MAX_MEMORY_KEYS) sweep(nowMs);
        if (windows.size >= MAX_MEMORY_KEYS) windows.clear();
        window = { count: 0, resetAtMs: nowMs + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { isAllowed: window.count <= limit, count: window.count, retryAfterMs: Math.max(0, window.resetAtMs - nowMs) };
    },
    async count(key) {
      const window = windows.get(key);
      return window && window.resetAtMs > now() ? window.count : 0;
    },
    async forgive(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
