import type {
  LotteryClosedEvent,
  LotteryPeriodEvent,
  LotteryResultEvent,
  LotteryServerEvents,
  SocketClientEvents,
} from '@mayur/contracts';
import type { Socket } from 'socket.io-client';
import { afterFirstScreenPaint } from '../../../shared/lib/first-screen-paint.ts';
import { syncServerClock } from '../../../shared/lib/server-clock.ts';

// One Socket.IO connection to the '/lottery' namespace (DESIGN.md §7), shared by every game screen and
// opened only when a game screen mounts. The server pushes; bets go over HTTP. The events are typed by
// the contracts the server parses every push with (packages/contracts/src/socket-events.ts).
// socket.io-client itself is loaded on demand, after the screen's first paint: the round panel is drawn
// from HTTP data and needs no socket to appear (the first paint loads nothing it does not draw).

export type PeriodOpenedEvent = LotteryPeriodEvent;
export type PeriodClosedEvent = LotteryClosedEvent;
export type PeriodResultEvent = LotteryResultEvent;

type ServerEvents = LotteryServerEvents;
type ClientEvents = SocketClientEvents;
type LotterySocket = Socket<ServerEvents, ClientEvents>;

/** The library, fetched once the screen that needs it has painted (shared/lib/first-screen-paint.ts). */
const loadSocketLibrary = () => afterFirstScreenPaint().then(() => import('socket.io-client'));

let connecting: Promise<LotterySocket> | null = null;
const subscriptions = new Map<string, number>();

function connect(): Promise<LotterySocket> {
  connecting ??= loadSocketLibrary().then(({ io }) => {
    const created: LotterySocket = io('/lottery', {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
    });
    created.on('connect', () => {
      // Rooms are forgotten by the server when the connection drops, so every (re)connect joins them again.
      for (const room of subscriptions.keys()) created.emit('subscribe', room);
      void syncServerClock(() => created.timeout(5000).emitWithAck('time'));
    });
    return created;
  });
  // A failed download (a bad network) is tried again by the next screen that subscribes.
  connecting.catch(() => {
    connecting = null;
  });
  return connecting;
}

export type RoomListeners = {
  onPeriod: (event: PeriodOpenedEvent) => void;
  onClosed: (event: PeriodClosedEvent) => void;
  onResult: (event: PeriodResultEvent) => void;
  /** After a reconnect: pushes may have been missed, so the screen refetches what it shows. */
  onReconnect: () => void;
};

/** Joins a room's pushes; returns the function that leaves it. */
export function subscribeRoom(room: string, listeners: RoomListeners): () => void {
  subscriptions.set(room, (subscriptions.get(room) ?? 0) + 1);

  const onPeriod = (event: PeriodOpenedEvent) => event.room === room && listeners.onPeriod(event);
  const onClosed = (event: PeriodClosedEvent) => event.room === room && listeners.onClosed(event);
  const onResult = (event: PeriodResultEvent) => event.room === room && listeners.onResult(event);
  let hasConnectedBefore = false;
  const onConnect = () => {
    if (hasConnectedBefore) listeners.onReconnect();
    hasConnectedBefore = true;
  };
  let target: LotterySocket | null = null;
  let hasLeft = false;
  void connect().then(
    (socket) => {
      if (hasLeft) return;
      target = socket;
      hasConnectedBefore = socket.connected;
      socket.on('period', onPeriod);
      socket.on('closed', onClosed);
      socket.on('result', onResult);
      socket.on('connect', onConnect);
      // Joining twice is harmless; a socket not yet connected joins every room on connect.
      if (socket.connected) socket.emit('subscribe', room);
    },
    () => {
      // Without pushes the screen still works: it asks the server again when a period should be over.
    },
  );

  return () => {
    hasLeft = true;
    const left = (subscriptions.get(room) ?? 1) - 1;
    if (left > 0) subscriptions.set(room, left);
    else subscriptions.delete(room);
    if (!target) return;
    target.off('period', onPeriod);
    target.off('closed', onClosed);
    target.off('result', onResult);
    target.off('connect', onConnect);
    if (left === 0 && target.connected) target.emit('unsubscribe', room);
  };
}
