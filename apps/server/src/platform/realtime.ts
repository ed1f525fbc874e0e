import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { LOTTERY_ROOM_IDS } from '@mayur/contracts';
import type { LotteryEvents } from '../modules/games/lottery/lottery-events.ts';

// Socket.IO, one namespace per game family (DESIGN.md §7). The server only pushes; commands go over
// HTTP. With REDIS_URL the Redis adapter fans events out to the clients of every node.

export type Realtime = { io: Server; close(): Promise<void> };

export async function startRealtime(
  httpServer: HttpServer,
  redisUrl: string | undefined,
  events: LotteryEvents,
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
  const lottery = io.of('/lottery');
  lottery.on('connection', (socket) => {
    socket.on('subscribe', (room: unknown) => {
      if (typeof room === 'string' && (LOTTERY_ROOM_IDS as string[]).includes(room)) void socket.join(room);
    });
    socket.on('unsubscribe', (room: unknown) => {
      if (typeof room === 'string') void socket.leave(room);
    });
    // Clock sync: the client measures the round trip and offsets its clock by the server's.
    socket.on('time', (ack: unknown) => {
      if (typeof ack === 'function') ack({ serverTimeMs: Date.now() });
    });
  });
  events.on('opened', (event) => lottery.to(event.room).emit('period', event));
  events.on('closed', (event) => lottery.to(event.room).emit('closed', event));
  events.on('result', (event) => lottery.to(event.room).emit('result', event));
  log.info({ isFannedOut: Boolean(redisUrl) }, 'realtime ready');
  return {
    io,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
