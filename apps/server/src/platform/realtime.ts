import type { EventEmitter } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Namespace } from 'socket.io';
import {
  SOCKET_SERVER_EVENTS,
  ZCrashActivityItem,
  type CrashActivityItem,
  type CrashCrashedEvent,
  type CrashFlyingEvent,
  type CrashRoundEvent,
  type LotteryClosedEvent,
  type LotteryPeriodEvent,
  type LotteryResultEvent,
  type TimeAck,
} from '@mayur/contracts';
import { CRASH_ROOM_IDS } from '@mayur/rules/crash-rooms';
import { LOTTERY_ROOM_IDS } from '@mayur/rules/lottery-rooms';
import { ACTIVITY_FLUSH_MS, activityToPush, isActivityPushDue } from './activity-fan-out.ts';
import { SlicedFanOut } from './sliced-fan-out.ts';

// Socket.IO, one namespace per game family (DESIGN.md §7). The server only pushes; commands go over
// HTTP. With REDIS_URL a push is sent to the other nodes over the Redis adapter (a server-side event),
// and every node writes it to its own sockets in slices (sliced-fan-out.ts).

/** The server-side event that carries a push to the other nodes of the deployment. */
const PUSH_TO_NODES = 'mayur:push';
/** The server-side event that carries a node's new crash activity to the other nodes. */
const ACTIVITY_TO_NODES = 'mayur:activity';

export type Realtime = { io: Server; close(): Promise<void> };

/** The domain events pushed (lottery-events.ts, crash-events.ts), typed by the socket contracts. */
export type RealtimeSources = {
  lottery: EventEmitter<{ opened: [LotteryPeriodEvent]; closed: [LotteryClosedEvent]; result: [LotteryResultEvent] }>;
  crash: EventEmitter<{
    round: [CrashRoundEvent];
    flying: [CrashFlyingEvent];
    crashed: [CrashCrashedEvent];
    activity: [CrashActivityItem];
  }>;
};

type PushedEvents = typeof SOCKET_SERVER_EVENTS;
type SafeParsed = { success: boolean; data?: unknown; error?: { issues: unknown } };

export async function startRealtime(
  httpServer: HttpServer,
  redis: { url: string; deploymentName: string } | undefined,
  events: RealtimeSources,
  log: Logger,
): Promise<Realtime> {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redisClients: Redis[] = [];
  if (redis) {
    const pub = new Redis(redis.url);
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    // Channels carry the deployment's name: deployments sharing one Redis never see each other's events.
    io.adapter(createAdapter(pub, sub, { key: `${redis.deploymentName}:socket.io` }));
  }
  const fanOut = new SlicedFanOut((error) => log.error({ err: error }, 'socket push failed'));
  const namespace = <N extends keyof PushedEvents>(name: N, rooms: readonly string[]) => {
    const nsp = io.of(name);
    // A push made on another node: written here to this node's sockets, if it names this namespace's
    // rooms and events.
    if (redis)
      nsp.on(PUSH_TO_NODES, (message: { room?: unknown; event?: unknown; data?: unknown }) => {
        const { room, event, data } = message ?? {};
        if (typeof room !== 'string' || !rooms.includes(room)) return;
        if (typeof event !== 'string' || !Object.hasOwn(SOCKET_SERVER_EVENTS[name], event)) return;
        fanOut.push(nsp, room, event, data);
      });
    nsp.on('connection', (socket) => {
      socket.on('subscribe', (room: unknown) => {
        if (typeof room === 'string' && rooms.includes(room)) void socket.join(room);
      });
      socket.on('unsubscribe', (room: unknown) => {
        if (typeof room === 'string') void socket.leave(room);
      });
      // Clock sync: the client measures the round trip and offsets its clock by the server's.
      socket.on('time', (ack: unknown) => {
        if (typeof ack === 'function') ack({ serverTimeMs: Date.now() } satisfies TimeAck);
      });
    });
    return nsp;
  };
  /**
   * Every push goes through its contract (packages/contracts/src/socket-events.ts): fields outside the
   * event are dropped, and a payload that does not match is logged and not sent.
   */
  const checked = (schema: { safeParse(value: unknown): SafeParsed }, event: string, payload: unknown): unknown => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    log.error({ event, issues: parsed.error?.issues }, 'socket event refused: it does not match its contract');
    return undefined;
  };
  const push = <N extends keyof PushedEvents>(
    nsp: Namespace,
    name: N,
    event: keyof PushedEvents[N] & string,
    payload: { room: string },
  ) => {
    const data = checked(SOCKET_SERVER_EVENTS[name][event] as { safeParse(value: unknown): SafeParsed }, event, payload);
    if (data !== undefined) pushToRoom(nsp, payload.room, event, data);
  };
  const pushToRoom = (nsp: Namespace, room: string, event: string, data: unknown) => {
    if (redis) nsp.serverSideEmit(PUSH_TO_NODES, { room, event, data });
    fanOut.push(nsp, room, event, data);
  };

  const lottery = namespace('/lottery', LOTTERY_ROOM_IDS);
  events.lottery.on('opened', (event) => push(lottery, '/lottery', 'period', event));
  events.lottery.on('closed', (event) => push(lottery, '/lottery', 'closed', event));
  events.lottery.on('result', (event) => push(lottery, '/lottery', 'result', event));

  const crash = namespace('/crash', CRASH_ROOM_IDS);
  events.crash.on('round', (event) => push(crash, '/crash', 'round', event));
  events.crash.on('flying', (event) => push(crash, '/crash', 'flying', event));
  events.crash.on('crashed', (event) => push(crash, '/crash', 'crashed', event));
  // Activity items are checked one by one as they come, so one bad item cannot hold back a room's batch.
  // Each node pushes a room's activity to its own sockets only, at the interval its own watchers set
  // (activity-fan-out.ts): the items made on other nodes reach it every flush, at most a push's worth
  // per room (the sample a push would take of them), so a room costs each node the same however many
  // nodes serve it.
  const pending = new Map<string, CrashActivityItem[]>();
  const madeHere = new Map<string, CrashActivityItem[]>();
  /** When the oldest item of each room's pending list was gathered. */
  const pendingSince = new Map<string, number>();
  const gather = (lists: Map<string, CrashActivityItem[]>, item: CrashActivityItem) => {
    const list = lists.get(item.room) ?? [];
    list.push(item);
    lists.set(item.room, list);
  };
  const gatherPending = (item: CrashActivityItem) => {
    if (!pending.has(item.room)) pendingSince.set(item.room, Date.now());
    gather(pending, item);
  };
  events.crash.on('activity', (activity) => {
    const item = checked(ZCrashActivityItem, 'activity', activity) as CrashActivityItem | undefined;
    if (!item) return;
    gatherPending(item);
    if (redis) gather(madeHere, item);
  });
  if (redis)
    crash.on(ACTIVITY_TO_NODES, (items: unknown) => {
      if (!Array.isArray(items)) return;
      for (const received of items) {
        const item = checked(ZCrashActivityItem, 'activity', received) as CrashActivityItem | undefined;
        if (item && CRASH_ROOM_IDS.includes(item.room)) gatherPending(item);
      }
    });
  const lastPushAt = new Map<string, number>();
  let loopBefore = performance.eventLoopUtilization();
  const flusher = setInterval(() => {
    const loopNow = performance.eventLoopUtilization();
    const loopUtilization = performance.eventLoopUtilization(loopNow, loopBefore).utilization;
    loopBefore = loopNow;
    if (madeHere.size > 0) {
      crash.serverSideEmit(ACTIVITY_TO_NODES, [...madeHere.values()].flatMap(activityToPush));
      madeHere.clear();
    }
    const nowMs = Date.now();
    for (const [room, list] of pending) {
      const state = {
        watchers: crash.adapter.rooms.get(room)?.size ?? 0,
        sinceLastPushMs: nowMs - (lastPushAt.get(room) ?? -Infinity),
        oldestWaitMs: nowMs - (pendingSince.get(room) ?? nowMs),
        loopUtilization,
      };
      if (!isActivityPushDue(state)) continue;
      fanOut.push(crash, room, 'activity', activityToPush(list), true);
      lastPushAt.set(room, nowMs);
      pending.delete(room);
      pendingSince.delete(room);
    }
  }, ACTIVITY_FLUSH_MS);
  log.info({ isFannedOut: Boolean(redis) }, 'realtime ready');
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
