// A lean JSON client for the load benchmarks: raw node:http over a bounded pool of keep-alive
// connections to 127.0.0.1, no fetch, no per-request objects beyond what node:http needs. Each call
// reports how long it waited for a free connection in the generator, so a reader can tell the
// generator's queue from the server's.
import http from 'node:http';

/** The API envelope, as far as the benchmarks read it. */
export type ApiReply = { res: number; code?: string; obj?: Record<string, unknown> };
export type Posted = { reply: ApiReply; ackMs: number; waitedForConnectionMs: number };

export type JsonClient = {
  post(pathname: string, body: unknown, token: string): Promise<Posted>;
  /**
   * Opens every connection of the pool now (one health check on each), as players' browsers hold
   * theirs from loading the game: connecting a thousand at the start of a burst measured the
   * generator's connects, not the server's answers.
   */
  open(): Promise<void>;
  close(): void;
};

/** Refuses a reply that takes longer than this, so a stalled server cannot hang the benchmark. */
const REQUEST_TIMEOUT_MS = 120_000;

export function keepAliveJsonClient(port: number, maxConnections: number): JsonClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxConnections, maxFreeSockets: maxConnections });
  const post = (pathname: string, body: unknown, token: string) =>
    new Promise<Posted>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const startedMs = performance.now();
      let connectedMs = startedMs;
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path: `/api${pathname}`,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: token,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve({
                reply: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiReply,
                ackMs: performance.now() - startedMs,
                waitedForConnectionMs: connectedMs - startedMs,
              });
            } catch (error) {
              reject(new Error(`${pathname} answered ${response.statusCode} with a body that is not JSON: ${String(error)}`));
            }
          });
          response.on('error', reject);
        },
      );
      request.once('socket', () => (connectedMs = performance.now()));
      request.setTimeout(REQUEST_TIMEOUT_MS, () =>
        request.destroy(new Error(`${pathname} unanswered after ${REQUEST_TIMEOUT_MS} ms`)),
      );
      request.on('error', reject);
      request.end(payload);
    });
  const open = async () => {
    await Promise.all(
      Array.from(
        { length: maxConnections },
        () =>
          new Promise<void>((resolve, reject) => {
            const request = http.get({ agent, host: '127.0.0.1', port, path: '/healthz' }, (response) => {
              response.resume();
              response.on('end', () => resolve());
            });
            request.setTimeout(REQUEST_TIMEOUT_MS, () =>
              request.destroy(new Error('/healthz unanswered while opening the pool')),
            );
            request.on('error', reject);
          }),
      ),
    );
  };
  return { post, open, close: () => agent.destroy() };
}

/** GET on 127.0.0.1 without keep-alive (health checks); resolves false on any failure. */
export function isAnswering(port: number, pathname: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** The largest value, 0 for none; a loop, since `Math.max(...values)` overflows the stack past some 120,000 values. */
export function maximum(values: readonly number[]): number {
  let largest = values.length > 0 ? -Infinity : 0;
  for (const value of values) if (value > largest) largest = value;
  return largest;
}

/** The smallest value, 0 for none (see `maximum`). */
export function minimum(values: readonly number[]): number {
  let smallest = values.length > 0 ? Infinity : 0;
  for (const value of values) if (value < smallest) smallest = value;
  return smallest;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
