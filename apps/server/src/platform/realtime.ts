import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { CRASH_ROOM_IDS, LOTTERY_ROOM_IDS } from '@mayur/contracts';
import type { CrashActivity, CrashEvents } from '../modules/games/crash/crash-events.ts';
import type { LotteryEvents } from '../modules/games/lottery/lottery-events.ts';

// Socket.IO, one namespace per game family (DESIGN.md §7). The server only pushes; commands go over
// HTTP. With REDIS_URL the Redis adapter fans events out to the clients of every node.

export type Realtime = { io: Server; close(): Promise<void> };

/** Live activity (bets, cash-outs) is flushed per room at most ten times a second (DESIGN.md §7). */
export const ACTIVITY_FLUSH_MS = 100;

export async function startRealtime(
  httpServer: HttpServer,
  redisUrl: string | undefined,
  events: { lottery: LotteryEvents; crash: CrashEvents },
  log: Logger,
): Promise<Realtime> {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redisClients: Redis[] = [];
  if (redisUrl) {
    const pub = new Redis(redisUrl);
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  const namespace = (name: string, rooms: readonly string[]) => {
    const nsp = io.of(name);
    nsp.on('connection', (socket) => {
      socket.on('subscribe', (room: unknown) => {
        if (typeof room === 'string' && rooms.includes(room)) void socket.join(room);
      });
      socket.on('unsubscribe', (room: unknown) => {
        if (typeof room === 'string') void socket.leave(room);
      });
      // Clock sync: the client measures the round trip and offsets its clock by the server's.
      socket.on('time', (ack: unknown) => {
        if (typeof ack === 'function') ack({ serverTimeMs: Date.now() });
      });
    });
    return nsp;
  };
  const lottery = namespace('/lottery', LOTTERY_ROOM_IDS);
  events.lottery.on('opened', (event) => lottery.to(event.room).emit('period', event));
  events.lottery.on('closed', (event) => lottery.to(event.room).emit('closed', event));
  events.lottery.on('result', (event) => lottery.to(event.room).emit('result', event));

  const crash = namespace('/crash', CRASH_ROOM_IDS);
  events.crash.on('round', (event) => crash.to(event.room).emit('round', event));
  events.crash.on('flying', (event) => crash.to(event.room).emit('flying', event));
  events.crash.on('crashed', (event) => crash.to(event.room).emit('crashed', event));
  const pending = new Map<string, CrashActivity[]>();
  events.crash.on('activity', (activity) => {
    const list = pending.get(activity.room) ?? [];
    list.push(activity);
    pending.set(activity.room, list);
  });
  const flusher = setInterval(() => {
    for (const [room, list] of pending) crash.to(room).emit('activity', list);
    pending.clear();
  }, ACTIVITY_FLUSH_MS);
  log.info({ isFannedOut: Boolean(redisUrl) }, 'realtime ready');
  return {
    io,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      clearInterval(flusher);
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
