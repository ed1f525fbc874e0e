import type {
  CrashActivityItem,
  CrashCrashedEvent,
  CrashFlyingEvent,
  CrashRoundEvent,
  CrashServerEvents,
  SocketClientEvents,
} from '@mayur/contracts';
import type { Socket } from 'socket.io-client';
import { createStore } from '../../../shared/lib/external-store.ts';
import { afterFirstScreenPaint } from '../../../shared/lib/first-screen-paint.ts';
import { syncServerClock } from '../../../shared/lib/server-clock.ts';

// One Socket.IO connection to the '/crash' namespace (DESIGN.md §7), opened when a crash screen mounts.
// The server pushes round changes and other players' activity; bets and cash-outs go over HTTP. The
// events are typed by the contracts the server parses every push with (packages/contracts/src/socket-events.ts).
// socket.io-client is imported on demand, after the screen's first paint: the scene does not wait for it
// (its largest paint comes sooner), and the first push is at most a round trip later than it would be anyway.

export type RoundOpenedEvent = CrashRoundEvent;
export type RoundFlyingEvent = CrashFlyingEvent;
export type RoundCrashedEvent = CrashCrashedEvent;
/** A bet placed while a round flies waits for the next one: its `roundId` is null. */
export type ActivityItem = CrashActivityItem;

type ServerEvents = CrashServerEvents;
type ClientEvents = SocketClientEvents;

/** The library, fetched once the screen that needs it has painted (shared/lib/first-screen-paint.ts). */
const loadSocketLibrary = () => afterFirstScreenPaint().then(() => import('socket.io-client'));

let socketPromise: Promise<Socket<ServerEvents, ClientEvents>> | null = null;
const subscriptions = new Map<string, number>();
/** Whether the socket is connected; the screen shows "reconnecting" while it is not. */
export const connectionStore = createStore(true);

function connect(): Promise<Socket<ServerEvents, ClientEvents>> {
  socketPromise ??= loadSocketLibrary().then(({ io }) => {
    const created: Socket<ServerEvents, ClientEvents> = io('/crash', {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
    });
    created.on('connect', () => {
      connectionStore.set(true);
      for (const room of subscriptions.keys()) created.emit('subscribe', room);
      void syncServerClock(() => created.timeout(5000).emitWithAck('time'));
    });
    created.on('disconnect', () => connectionStore.set(false));
    return created;
  });
  return socketPromise;
}

export type CrashRoomListeners = {
  onRound: (event: RoundOpenedEvent) => void;
  onFlying: (event: RoundFlyingEvent) => void;
  onCrashed: (event: RoundCrashedEvent) => void;
  onActivity: (items: ActivityItem[]) => void;
  /** After a reconnect pushes may have been missed, so the screen refetches what it shows. */
  onReconnect: () => void;
};

/** Joins a crash room's pushes; returns the function that leaves it. */
export function subscribeCrashRoom(room: string, listeners: CrashRoomListeners): () => void {
  let isLeft = false;
  let leave = () => {
    isLeft = true;
  };
  connect()
    .then((target) => {
      if (!isLeft) leave = join(target, room, listeners);
    })
    .catch(() => connectionStore.set(false));
  return () => leave();
}

function join(target: Socket<ServerEvents, ClientEvents>, room: string, listeners: CrashRoomListeners): () => void {
  const count = subscriptions.get(room) ?? 0;
  subscriptions.set(room, count + 1);
  if (count === 0 && target.connected) target.emit('subscribe', room);

  const onRound = (event: RoundOpenedEvent) => event.room === room && listeners.onRound(event);
  const onFlying = (event: RoundFlyingEvent) => event.room === room && listeners.onFlying(event);
  const onCrashed = (event: RoundCrashedEvent) => event.room === room && listeners.onCrashed(event);
  const onActivity = (items: ActivityItem[]) => {
    const ours = Array.isArray(items) ? items.filter((item) => item.room === room) : [];
    if (ours.length > 0) listeners.onActivity(ours);
  };
  let hasConnectedBefore = target.connected;
  const onConnect = () => {
    if (hasConnectedBefore) listeners.onReconnect();
    hasConnectedBefore = true;
  };
  target.on('round', onRound);
  target.on('flying', onFlying);
  target.on('crashed', onCrashed);
  target.on('activity', onActivity);
  target.on('connect', onConnect);

  return () => {
    target.off('round', onRound);
    target.off('flying', onFlying);
    target.off('crashed', onCrashed);
    target.off('activity', onActivity);
    target.off('connect', onConnect);
    const left = (subscriptions.get(room) ?? 1) - 1;
    if (left > 0) {
      subscriptions.set(room, left);
      return;
    }
    subscriptions.delete(room);
    if (target.connected) target.emit('unsubscribe', room);
  };
}
